package ionadapter

import (
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Error is a problem found while reading Ion input, before any shape is
// involved. [Parse] and [ParseStream] return it; [Validate] reports it as a
// finding (see [Error.Finding]). Its Code is one of the engine's:
//
//   - [smithyvalidate.CodeSyntax]: the input is not well-formed Ion (bad
//     text, truncated binary, a symbol ID outside the symbol table, a
//     string that is not UTF-8, no value where one is required, a second
//     value where one is allowed);
//   - [smithyvalidate.CodeUnsupported]: an Ion version other than 1.0;
//   - [smithyvalidate.CodeDepthLimit], [smithyvalidate.CodeSizeLimit],
//     [smithyvalidate.CodeElementsLimit]: a reader limit ([MaxDepth],
//     [MaxSize], [MaxElements]) stopped reading.
type Error struct {
	Code sv.Code
	// Path is the innermost value that could not be read: the element of
	// a list or s-expression, the struct whose field could not be read
	// (its name is not known yet), the container too deep. In datagram
	// mode it carries the top-level value's index
	// ([smithyvalidate.Path.Document]).
	Path sv.Path
	// Pos is the line and column of the offset ion-go reported, for text
	// input only (see the package documentation); zero otherwise.
	Pos node.Pos
	// Offset is the byte offset of the problem in the input, -1 when
	// unknown.
	Offset int64
	// Msg says what is wrong, without position.
	Msg string
	// Err is the ion-go error behind the problem, if any.
	Err error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("ionadapter: ")
	if i, ok := e.Path.Document(); ok {
		b.WriteString("value ")
		b.WriteString(strconv.Itoa(i))
		b.WriteString(": ")
	}
	switch {
	case e.Pos.IsValid():
		b.WriteString(e.Pos.String())
		b.WriteString(": ")
	case e.Offset >= 0:
		b.WriteString("byte ")
		b.WriteString(strconv.FormatInt(e.Offset, 10))
		b.WriteString(": ")
	}
	if e.Path.Len() > 0 {
		b.WriteString(e.Path.String())
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the ion-go error, if any.
func (e *Error) Unwrap() error { return e.Err }

// Finding returns the finding [Validate] reports for e: the class and
// severity of its code's catalogue entry, its path and position, no shape.
// For binary input the message ends with the byte offset, when known.
func (e *Error) Finding() sv.Finding {
	msg := e.Msg
	if !e.Pos.IsValid() && e.Offset >= 0 {
		msg += " (at byte " + strconv.FormatInt(e.Offset, 10) + ")"
	}
	return sv.NewFinding(e.Code, e.Path, shapeid.ID{}, e.Pos, msg)
}
