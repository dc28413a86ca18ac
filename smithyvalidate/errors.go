package smithyvalidate

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// The engine keeps three outcomes apart, as protovalidate-go does:
//
//   - bad data is never an error: it is a [Finding] in a [Result];
//   - a bad model is a [*ModelError], returned by [Prepare] (a shape that is
//     not a validation target, an unresolved target, a trait value of the
//     wrong form, a pattern RE2 cannot run);
//   - an internal fault is an [*InternalError] (a recovered panic): the
//     engine never crashes its caller.

// ModelError reports why a shape cannot be prepared. It lists every problem
// found in the shapes reachable from the selected one, in a deterministic
// order.
type ModelError struct {
	// Root is the shape that was selected.
	Root     shapeid.ID
	Problems []ModelProblem
}

// ModelProblem is one problem of a [ModelError].
type ModelProblem struct {
	// Shape is the shape or member at fault.
	Shape shapeid.ID
	// Trait is the trait at fault, zero when the problem is not about a
	// trait.
	Trait shapeid.ID
	// Source is where the trait (or else the shape) was defined.
	Source  model.SourceLocation
	Message string
}

func (p ModelProblem) String() string {
	var b strings.Builder
	if p.Source.File != "" || p.Source.Pos.IsValid() {
		b.WriteString(p.Source.String())
		b.WriteString(": ")
	}
	b.WriteString(p.Shape.String())
	if !p.Trait.IsZero() {
		b.WriteString(": @")
		b.WriteString(p.Trait.String())
	}
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}

func (e *ModelError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "smithyvalidate: cannot prepare %s", e.Root)
	for i, p := range e.Problems {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// InternalError reports a fault of the engine itself, such as a recovered
// panic or a broken [ValueView]. It is never caused by bad data; please
// report it with its Stack.
type InternalError struct {
	// Value is what was recovered from the panic.
	Value any
	// Stack is the goroutine's stack at the panic.
	Stack []byte
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("smithyvalidate: internal error: %v", e.Value)
}

// Unwrap returns the recovered value when it is an error.
func (e *InternalError) Unwrap() error {
	if err, ok := e.Value.(error); ok {
		return err
	}
	return nil
}

// recoverInternal turns a panic into an *InternalError in *err. Use as
// `defer recoverInternal(&err)`.
func recoverInternal(err *error) {
	if r := recover(); r != nil {
		*err = &InternalError{Value: r, Stack: debug.Stack()}
	}
}
