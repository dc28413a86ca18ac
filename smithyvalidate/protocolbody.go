package smithyvalidate

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// The well-formedness of a protocol test's body, as the reference's
// ProtocolTestValidationUtils checks it: JSON and XML only, by media type
// (a "json" or "xml" subtype or +json, +xml suffix); any other media type,
// or an empty body, is not checked.

// bodyKind returns "json", "xml" or "" for the media type mt (parameters
// after ';' ignored, case ignored).
func bodyKind(mt string) string {
	if i := strings.IndexByte(mt, ';'); i >= 0 {
		mt = mt[:i]
	}
	mt = strings.ToLower(strings.TrimSpace(mt))
	_, sub, ok := strings.Cut(mt, "/")
	if !ok {
		return ""
	}
	suffix := ""
	if i := strings.LastIndexByte(sub, '+'); i >= 0 {
		suffix = sub[i+1:]
	}
	switch {
	case sub == "json" || suffix == "json":
		return "json"
	case sub == "xml" || suffix == "xml":
		return "xml"
	}
	return ""
}

// bodyProblem returns why body is not well-formed content of media type
// mt, or "" when it is (or when mt is neither JSON nor XML).
func bodyProblem(body, mt string) string {
	if body == "" {
		return ""
	}
	switch bodyKind(mt) {
	case "json":
		// Repeated keys are well-formed JSON (RFC 8259 says SHOULD be
		// unique); the syntax is the question here.
		if _, err := node.ParseString(body, node.DuplicateKeys(node.KeepDuplicates)); err != nil {
			var pe node.PosError
			if errors.As(err, &pe) {
				return jsonProblem(pe)
			}
			return err.Error()
		}
	case "xml":
		if err := xmlWellFormed(body); err != nil {
			return err.Error()
		}
	}
	return ""
}

// jsonProblem words a JSON reader error without its package prefix.
func jsonProblem(pe node.PosError) string {
	var se *node.SyntaxError
	if errors.As(pe, &se) {
		return se.Msg + " at " + se.Pos.String()
	}
	return strings.TrimPrefix(pe.Error(), "node: ")
}

// xmlWellFormed reports the first reason the XML text is not one
// well-formed document: a syntax error, an undeclared entity, an
// attribute repeated in an element, text or a
// second element outside the root, no root element, or a document type
// declaration (the reference's parser refuses DTDs, for safety).
func xmlWellFormed(text string) error {
	d := xml.NewDecoder(strings.NewReader(text))
	d.Strict = true
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		line, col := d.InputPos()
		switch t := tok.(type) {
		case xml.StartElement:
			for i, a := range t.Attr {
				for _, b := range t.Attr[:i] {
					if a.Name == b.Name {
						return xmlError(line, col, "attribute "+qname(a.Name)+" repeated in element <"+t.Name.Local+">")
					}
				}
			}
			if depth == 0 {
				roots++
				if roots > 1 {
					return xmlError(line, col, "a second root element <"+t.Name.Local+">")
				}
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return xmlError(line, col, "text outside the root element")
			}
		case xml.Directive:
			if bytes.HasPrefix(bytes.TrimSpace(t), []byte("DOCTYPE")) {
				return xmlError(line, col, "a document type declaration (DOCTYPE) is not allowed")
			}
		}
	}
	if roots == 0 {
		return errors.New("no root element")
	}
	return nil
}

func xmlError(line, col int, msg string) error {
	return &xml.SyntaxError{Msg: msg + " (column " + strconv.Itoa(col) + ")", Line: line}
}

// bodyProblemOf is bodyProblem of a test case or event (its body and
// bodyMediaType members), and the body, where an event about it points.
func bodyProblemOf(tc node.Node) (string, node.Node) {
	body, _ := tc.Get("body")
	mt, ok := tc.Get("bodyMediaType")
	if !ok || body.Kind() != node.String || mt.Kind() != node.String {
		return "", body
	}
	return bodyProblem(body.StringValue(), mt.StringValue()), body
}

func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}
