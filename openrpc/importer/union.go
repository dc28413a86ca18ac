package importer

import (
	"github.com/smithy-validation/go/core/node"
	"strings"
)

// union makes a union of oneOf/anyOf branches: discriminated when every
// branch is an object with a distinct const string in one required
// property, untagged otherwise. Null branches make the union nullable.
func (c *conv) union(sh *shape, s, list node.Node, ptr, key string) {
	if list.Kind() != node.Array || list.Len() == 0 {
		c.diag(list, ptr+"/"+key, key, "%s must be a non-empty array; modeled as a document", key)
		sh.kind, sh.nullable = "document", false
		return
	}
	var branches []node.Node
	var ptrs []string
	var index []int // of each kept branch in the list
	for i, b := range list.Elems() {
		bp := ptr + "/" + key + "/" + itoa(i)
		if c.isNullOnly(b, bp) {
			sh.nullable = true
			continue
		}
		branches = append(branches, b)
		ptrs = append(ptrs, bp)
		index = append(index, i)
	}
	if len(branches) == 0 {
		sh.kind = "structure"
		c.diag(list, ptr+"/"+key, key, "every branch accepts only null; modeled as a nullable empty structure, which also accepts {}")
		return
	}
	if key == "anyOf" {
		keep := c.pruneAnyOf(branches, ptrs, index)
		if len(keep) < len(branches) {
			var b2 []node.Node
			var p2 []string
			var i2 []int
			for _, k := range keep {
				b2, p2, i2 = append(b2, branches[k]), append(p2, ptrs[k]), append(i2, index[k])
			}
			branches, ptrs, index = b2, p2, i2
		}
	}
	if !(c.exported && anyRef(branches)) && c.discriminated(sh, branches, ptrs) {
		return
	}
	if key == "oneOf" && len(branches) > 1 {
		c.diag(list, ptr+"/"+key, key, "oneOf requires exactly one branch to match; the untagged union accepts a value that several branches accept")
	}
	sh.kind = "union"
	sh.traits = append(sh.traits, "@untagged")
	names := newUniqueNames()
	for i, b := range branches {
		label := ""
		if r := str(b, "$ref"); r != "" {
			if _, tptr, ok := c.resolve(r); ok {
				label = c.nameFor(tptr)
				// A shape named after this union's position (an export
				// of an import writes the branch as a component named
				// <Union><Label>) keeps the label it had.
				if rest := strings.TrimPrefix(label, sh.name); rest != label && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
					label = rest
				}
			}
		}
		if label == "" {
			label = pascal(str(b, "title"))
		}
		if label == "" {
			label = "Option" + itoa(index[i]+1)
		}
		tg := c.schema(b, ptrs[i], sh.name+pascal(label))
		if tg.nullable && !tg.nullOnly && tg.id != tDocument {
			sh.nullable = true
		}
		sh.members = append(sh.members, member{name: names.take(lowerFirst(pascal(label))), target: tg.id, doc: memberDoc(b), traits: tg.traits})
	}
}

// anyRef reports whether a branch is a $ref: the export writes an
// alloy#discriminated union's branches inline (each its member's
// structure with the discriminator), so in an export such a union is an
// untagged one of the members' schemas.
func anyRef(branches []node.Node) bool {
	for _, b := range branches {
		if str(b, "$ref") != "" {
			return true
		}
	}
	return false
}

func memberDoc(b node.Node) string {
	if str(b, "$ref") != "" {
		return docOf(b)
	}
	return ""
}

// maxDiscriminatorCandidates bounds the const properties of the first
// branch tried as the discriminator.
const maxDiscriminatorCandidates = 8

// discriminated detects and builds an alloy#discriminated union.
func (c *conv) discriminated(sh *shape, branches []node.Node, ptrs []string) bool {
	if len(branches) < 2 {
		return false
	}
	parts := make([]objPart, len(branches))
	c.budget(len(branches))
	for i, b := range branches {
		alts, ok := c.alternativesQuiet(b, ptrs[i])
		if !ok || len(alts) != 1 {
			return false
		}
		parts[i] = alts[0]
	}
	// Each part's properties and required names, by name.
	props := make([]map[string]node.Node, len(parts))
	required := make([]map[string]bool, len(parts))
	for i, p := range parts {
		props[i] = make(map[string]node.Node, len(p.props))
		for _, pr := range p.props {
			if _, dup := props[i][pr.name]; !dup {
				props[i][pr.name] = pr.schema
			}
		}
		required[i] = make(map[string]bool, len(p.required))
		for _, r := range p.required {
			required[i][r] = true
		}
	}
	// Candidate fields: the const strings of the first branch, in its
	// order; the first maxDiscriminatorCandidates of them are tried, which
	// keeps the search linear in the document.
	tried := 0
	for _, cand := range parts[0].props {
		if _, ok := constString(c, cand.schema); !ok {
			continue
		}
		if tried++; tried > maxDiscriminatorCandidates {
			break
		}
		values := make([]string, len(parts))
		seen := map[string]bool{}
		good := true
		for i := range parts {
			v, ok := "", false
			if sch, has := props[i][cand.name]; has {
				v, ok = constString(c, sch)
			}
			if !ok || seen[v] || !required[i][cand.name] {
				good = false
				break
			}
			seen[v] = true
			values[i] = v
		}
		if !good {
			continue
		}
		sh.kind = "union"
		sh.traits = append(sh.traits, "@discriminated("+quote(cand.name)+")")
		c.budget(len(branches))
		for i, b := range branches {
			c.alternatives(b, ptrs[i], "", 0) // for its diagnostics
		}
		names := newUniqueNames()
		for i, p := range parts {
			if t, ok := c.exportedBranch(branches[i], ptrs[i]); ok {
				mname := names.take(memberName(values[i]))
				sh.members = append(sh.members, member{name: mname, target: t, traits: jsonNameTraits(mname, values[i], nil)})
				continue
			}
			p.props = without(p.props, cand.name)
			p.required = withoutString(p.required, cand.name)
			name := c.names.take(sh.name + pascal(values[i]))
			sub := &shape{name: name, doc: p.doc}
			c.shapes[name] = sub
			if len(p.props) == 0 && len(p.required) == 0 {
				sub.kind = "structure" // the map form would lose the tag's object shape
				if p.additional.Kind() != node.Bool || p.additional.BoolValue() {
					sub.members = []member{{name: "additionalProperties", target: c.unknownMap(), traits: []string{"@jsonUnknown"}}}
				}
			} else {
				c.object(sub, []objPart{p}, p.at, p.ptr)
			}
			mname := names.take(memberName(values[i]))
			sh.members = append(sh.members, member{name: mname, target: name, traits: jsonNameTraits(mname, values[i], nil)})
		}
		return true
	}
	return false
}

// alternativesQuiet is alternatives without the diagnostics it would add
// (the branches are converted, and diagnosed, once they are chosen).
func (c *conv) alternativesQuiet(b node.Node, ptr string) ([]objPart, bool) {
	n := len(c.diags)
	alts, ok := c.alternatives(b, ptr, "", 0)
	c.diags = c.diags[:n]
	return alts, ok
}

func constString(c *conv, s node.Node) (string, bool) {
	s, _ = c.deref(s, "")
	if v, ok := get(s, "const"); ok && v.Kind() == node.String && v.StringValue() != "" {
		return v.StringValue(), true
	}
	if v, ok := get(s, "enum"); ok && v.Kind() == node.Array && v.Len() == 1 && v.Elems()[0].Kind() == node.String && v.Elems()[0].StringValue() != "" {
		return v.Elems()[0].StringValue(), true
	}
	return "", false
}

func without(ps []prop, name string) []prop {
	out := make([]prop, 0, len(ps))
	for _, p := range ps {
		if p.name != name {
			out = append(out, p)
		}
	}
	return out
}

func withoutString(list []string, s string) []string {
	out := make([]string, 0, len(list))
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}
