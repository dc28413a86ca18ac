package model

// withTraits returns m with traits ts (a MemberDef keeps its list's first
// element and length: see [MemberDef]).
func withTraits(m MemberDef, ts ...Trait) MemberDef {
	m.SetTraits(ts)
	return m
}
