package run

// The models of `smithy validate`, `ast` and `select`, as the official
// CLI finds them: the MODEL arguments; with -c/--config FILE, also the
// sources and imports of that smithy-build.json (relative to its
// directory); with neither, those of ./smithy-build.json. Unlike the
// official CLI, a smithy-build.json in the working directory is not read
// when MODEL arguments are given without -c: the command checks what it
// was named (docs/official-cli.md).

// DefaultConfig is the configuration read when no MODEL is given.
const DefaultConfig = "smithy-build.json"
