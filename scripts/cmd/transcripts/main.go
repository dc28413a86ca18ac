// Command transcripts writes the transcripts of issue 27's transcript
// benchmark and measures `smithy validate-rpc --transcript` on them against
// the floor program (read each line, encoding/json.Valid on it), in CPU
// time, each run a child process whose user and system time, peak memory
// and page faults the kernel reports.
//
//	go run ./scripts/cmd/transcripts ledger [-n 600000] > ledger.jsonl
//	go run ./scripts/cmd/transcripts ledger-model > ledger.smithy
//	go run ./scripts/cmd/transcripts mcp [-n 100000] [-dir examples/mcp/transcripts] > mcp.jsonl
//	go run ./scripts/cmd/transcripts floor FILE
//	go run ./scripts/cmd/transcripts bench [-rounds 5] [-bin name=PATH]...
//
// Nothing it writes is committed: the Ledger transcript is generated from
// a fixed seed (the same bytes each time), the MCP session from the
// example transcripts as they are on the branch.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "ledger":
		fs := flag.NewFlagSet(cmd, flag.ExitOnError)
		n := fs.Int("n", 600_000, "lines")
		seed := fs.Uint64("seed", 27, "the generator's seed")
		bad := fs.Int("bad-every", 10_000, "one message in this many breaks a rule of the model (0: none)")
		fs.Parse(args)
		err = ledger(os.Stdout, *n, *seed, *bad)
	case "ledger-model":
		_, err = os.Stdout.Write(ledgerModel)
	case "mcp":
		fs := flag.NewFlagSet(cmd, flag.ExitOnError)
		n := fs.Int("n", 100_000, "lines")
		dir := fs.String("dir", "examples/mcp/transcripts", "the example transcripts")
		fs.Parse(args)
		err = mcpSession(os.Stdout, *dir, *n)
	case "floor":
		if len(args) != 1 {
			usage()
		}
		var valid int
		valid, err = floor(args[0])
		if err == nil {
			fmt.Println(valid)
		}
	case "bench":
		err = bench(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "transcripts:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: transcripts ledger|ledger-model|mcp|floor|bench (see the package doc)")
	os.Exit(2)
}

// floor is the floor program of the benchmark: it reads each line of the
// file and calls encoding/json.Valid on it, and returns how many lines are
// valid JSON (so that the work cannot be left out). Lines are read with
// the buffer size the transcript reader uses (64 KiB, longer lines
// gathered), so the two read the same way.
func floor(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	var long []byte
	valid := 0
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if len(line) > 0 && json.Valid(line) {
			valid++
		}
		if err == io.EOF {
			return valid, nil
		}
		if err != nil {
			return 0, err
		}
	}
}
