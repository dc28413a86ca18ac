package app

import (
	"io"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/urfave/cli/v2"
)

// completionCommand is `smithy completion bash|zsh`: a script that
// completes the commands, their flags and file names. The script asks the
// command itself (urfave/cli's hidden --generate-bash-completion flag), so
// it stays right as commands and flags change. Install it with
//
//	source <(smithy completion bash)     # ~/.bashrc
//	source <(smithy completion zsh)      # ~/.zshrc
func (e *env) completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script for bash or zsh",
		ArgsUsage: "bash|zsh",
		Action: func(c *cli.Context) error {
			switch c.Args().First() {
			case "bash":
				_, err := io.WriteString(e.Stdout, bashCompletion)
				return err
			case "zsh":
				_, err := io.WriteString(e.Stdout, "autoload -U +X bashcompinit && bashcompinit\n"+bashCompletion)
				return err
			}
			return exitcode.Usagef("completion needs bash or zsh, not %q", c.Args().First())
		},
	}
}

// bashCompletion completes a command name, then the command's flags after
// "-", and file names elsewhere.
const bashCompletion = `# smithy completion (bash; zsh through bashcompinit)
_smithy_complete() {
	local cur="${COMP_WORDS[COMP_CWORD]}" words
	if [[ $COMP_CWORD -eq 1 ]]; then
		words=$("${COMP_WORDS[0]}" --generate-bash-completion 2>/dev/null)
	elif [[ $cur == -* ]]; then
		words=$("${COMP_WORDS[0]}" "${COMP_WORDS[1]}" - --generate-bash-completion 2>/dev/null)
	fi
	if [[ -n $words ]]; then
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o default -o bashdefault -F _smithy_complete smithy
`
