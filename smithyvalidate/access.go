package smithyvalidate

// ScalarText returns v's kind and, for a string or a number, the text
// Scalar().Text gives ("" for the other kinds): what stream.TextView's
// Text returns, for any view. The tape's views (those of
// stream.Document) are recognized by their type, which costs a
// comparison where asserting stream.TextView costs a lookup: a protocol
// validator asks this of a few values of every message (the version
// marker, the method, the id).
func ScalarText(v ValueView) (Kind, string) {
	if t, ok := v.(tapeView); ok {
		return t.Text()
	}
	if t, ok := v.(interface{ Text() (Kind, string) }); ok {
		return t.Text()
	}
	k := v.Kind()
	if k != KindString && k != KindInteger && k != KindDecimal {
		return k, ""
	}
	return k, v.Scalar().Text
}
