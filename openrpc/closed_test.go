package openrpc_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

const closedModel = `$version: "2"
namespace example
use smithy.rpc#closed
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Move, Turn] }

@method(name: "move", params: "named", resultMember: "to")
operation Move { input: MoveInput, output := { @required to: Point } }

@method(name: "turn", params: "positional", positional: ["angle"])
operation Turn { input: TurnInput }

@closed
structure MoveInput { @required to: Point }

@closed
structure TurnInput { @required angle: Integer }

@closed
structure Point { @required x: Integer, note: Note }

structure Note { text: String }
`

// A closed structure is additionalProperties: false under every policy;
// an open one only under RejectUnknownMembers. Closed named params are a
// loss (Content Descriptors cannot forbid other params); positional ones
// are not.
func TestClosedExport(t *testing.T) {
	if openrpc.ClosedTrait != rpc.ClosedTrait {
		t.Fatalf("openrpc.ClosedTrait %s, rpc.ClosedTrait %s", openrpc.ClosedTrait, rpc.ClosedTrait)
	}
	for _, cfg := range []struct {
		name string
		cfg  openrpc.Config
		open string // Note's additionalProperties, "" when absent
	}{
		{"default", openrpc.Config{}, ""},
		{"unknown members ignored", openrpc.Config{IgnoreUnknownMembers: true}, ""},
		{"unknown members rejected", openrpc.Config{RejectUnknownMembers: true}, "false"},
	} {
		t.Run(cfg.name, func(t *testing.T) {
			res := convert(t, closedModel, "example#S", cfg.cfg)
			if got := compact(at(t, res.Document, "/components/schemas/Point/additionalProperties")); got != "false" {
				t.Errorf("Point's additionalProperties %s, want false", got)
			}
			note, _ := res.Document.Get("components")
			note, _ = note.Get("schemas")
			note, _ = note.Get("Note")
			got := ""
			if a, ok := note.Get("additionalProperties"); ok {
				got = compact(a)
			}
			if got != cfg.open {
				t.Errorf("Note's additionalProperties %q, want %q", got, cfg.open)
			}
			var losses []string
			for _, d := range res.Diagnostics {
				if strings.Contains(d.Message, "closed (@smithy.rpc#closed) input") {
					losses = append(losses, d.Shape.String())
				}
			}
			want := "example#MoveInput"
			if cfg.cfg.RejectUnknownMembers {
				want = "" // the policy's own loss diagnostic says it for every method
			}
			if strings.Join(losses, ",") != want {
				t.Errorf("closed-input losses %q, want %q (%v)", losses, want, res.Diagnostics)
			}
		})
	}
}
