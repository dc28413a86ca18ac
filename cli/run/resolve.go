package run

import (
	"slices"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// What --service and --shape accept, and what a mistake gets back. A
// shape named on the command line is the user's word, not the model's:
// a name that the model does not have is a usage error (exit 2), with
// the nearest names and, for a service, the model's services, never a
// model error or a JsonRpc event.
//
//   - An absolute ID (ns#Name, ns#Name$member) names that shape.
//   - A name without a namespace (Name, Name$member) names the one shape
//     of that name outside the prelude (a prelude shape when no other has
//     the name); several of that name is a usage error that lists them.
//   - No --service at all names the model's only service.

// maxSuggestions is how many near names a usage error offers.
const maxSuggestions = 3

// resolveService turns the text of --service (or a server's "service"
// param; flag names it in messages) into a service of m.
func resolveService(m *model.Model, flag, text string) (shapeid.ID, error) {
	services := shapesOf(m, func(s *model.Shape) bool { return s.Type() == model.ServiceType })
	if text == "" {
		switch len(services) {
		case 1:
			return services[0], nil
		case 0:
			return shapeid.ID{}, exitcode.Usagef("%s: the model has no service", flag)
		}
		return shapeid.ID{}, exitcode.Usagef("%s is required: the model has %d services (%s)", flag, len(services), idList(services))
	}
	id, err := resolveName(m, flag, text, services, serviceList(services))
	if err != nil {
		// A name that is no service may still name another shape: say so.
		other, err2 := resolveName(m, flag, text, shapesOf(m, func(*model.Shape) bool { return true }), "")
		if err2 != nil || other.HasMember() {
			return id, err
		}
		id = other
	}
	s, ok := m.Shape(id)
	switch {
	case !ok:
		return id, exitcode.Usagef("%s: the model has no service %s%s%s", flag, id, didYouMean(id.String(), services), serviceList(services))
	case s.Type() != model.ServiceType:
		return id, exitcode.Usagef("%s: %s is a %s, not a service%s", flag, id, s.Type(), serviceList(services))
	}
	return id, nil
}

// ResolveShape turns the text of --shape (or a server's "shape" param)
// into a shape of m: a root shape or a member.
func ResolveShape(m *model.Model, flag, text string) (shapeid.ID, error) {
	all := shapesOf(m, func(*model.Shape) bool { return true })
	id, err := resolveName(m, flag, text, all, "")
	if err != nil {
		return id, err
	}
	if _, ok := m.Shape(id); ok {
		return id, nil
	}
	if id.HasMember() {
		if _, ok := m.Shape(id.Root()); ok {
			var members []shapeid.ID
			if s, _ := m.Shape(id.Root()); s != nil {
				for _, mem := range s.Members() {
					members = append(members, mem.ID())
				}
			}
			return id, exitcode.Usagef("%s: %s has no member %s%s", flag, id.Root(), id.Member, didYouMean("$"+id.Member, members))
		}
	}
	hint := didYouMean(id.String(), all)
	if hint == "" {
		hint = " (`smithy ast MODEL` lists the model's shapes)"
	}
	return id, exitcode.Usagef("%s: the model has no shape %s%s", flag, id, hint)
}

// resolveName reads text as an absolute shape ID or as a name without
// a namespace, which must name one of candidates; tail ends the message
// of a name that names none.
func resolveName(m *model.Model, flag, text string, candidates []shapeid.ID, tail string) (shapeid.ID, error) {
	r, err := shapeid.ParseRelative(text)
	if err != nil {
		return shapeid.ID{}, exitcode.Usagef("%s: %v", flag, err)
	}
	if r.Namespace != "" {
		id := shapeid.New(r.Namespace, r.Name)
		if r.Member != "" {
			id = id.WithMember(r.Member)
		}
		return id, nil
	}
	name, member, hasMember := r.Name, r.Member, r.Member != ""
	var found []shapeid.ID
	for _, id := range candidates {
		if id.Name == name && !id.HasMember() {
			found = append(found, id)
		}
	}
	if len(found) > 1 {
		// A shape of the model's own namespaces wins over the prelude's.
		own := slices.DeleteFunc(slices.Clone(found), func(id shapeid.ID) bool { return id.Namespace == shapeid.Prelude })
		if len(own) > 0 {
			found = own
		}
	}
	switch len(found) {
	case 0:
		hint := didYouMean(text, candidates)
		if hint == "" && tail == "" {
			hint = " (give an absolute shape ID: namespace#Name)"
		}
		return shapeid.ID{}, exitcode.Usagef("%s: no shape of the model is named %s%s%s", flag, text, hint, tail)
	case 1:
		id := found[0]
		if hasMember {
			id = id.WithMember(member)
		}
		return id, nil
	}
	return shapeid.ID{}, exitcode.Usagef("%s: %d shapes are named %s (%s): give the absolute shape ID", flag, len(found), name, idList(found))
}

// shapesOf lists the shape IDs of m that keep says to keep, root shapes
// only, in ID order.
func shapesOf(m *model.Model, keep func(*model.Shape) bool) []shapeid.ID {
	var out []shapeid.ID
	for _, s := range m.Shapes() {
		if !s.ID().HasMember() && keep(s) {
			out = append(out, s.ID())
		}
	}
	return out
}

func idList(ids []shapeid.ID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = id.String()
	}
	return strings.Join(parts, ", ")
}

func serviceList(services []shapeid.ID) string {
	switch len(services) {
	case 0:
		return " (the model has no service)"
	case 1:
		return " (its service is " + services[0].String() + ")"
	}
	return " (its services: " + idList(services) + ")"
}

// didYouMean names the candidates nearest to text by edit distance, up
// to maxSuggestions of them, or returns "" when none is near. text is
// compared with whole IDs when it has a namespace, with members'
// "$name" when it starts with "$", and with names otherwise; a candidate
// is near within a quarter of the compared name's length (at least 2).
func didYouMean(text string, candidates []shapeid.ID) string {
	key := func(id shapeid.ID) string {
		switch {
		case strings.Contains(text, "#"):
			return id.String()
		case strings.HasPrefix(text, "$"):
			return "$" + id.Member
		case id.HasMember():
			return id.Name + "$" + id.Member
		}
		return id.Name
	}
	name := text
	if _, after, ok := strings.Cut(text, "#"); ok {
		name = after
	}
	limit := max(2, len(name)/4)
	type near struct {
		id   shapeid.ID
		dist int
	}
	var best []near
	for _, id := range candidates {
		if d := editDistance(strings.ToLower(text), strings.ToLower(key(id)), limit); d <= limit {
			best = append(best, near{id, d})
		}
	}
	if len(best) == 0 {
		return ""
	}
	slices.SortStableFunc(best, func(a, b near) int { return a.dist - b.dist })
	if len(best) > maxSuggestions {
		best = best[:maxSuggestions]
	}
	names := make([]string, len(best))
	for i, n := range best {
		names[i] = n.id.String()
	}
	if len(names) == 1 {
		return "; did you mean " + names[0] + "?"
	}
	return "; did you mean one of " + strings.Join(names, ", ") + "?"
}

// editDistance is assembly.Distance with "over limit" as limit+1, so
// that smaller is nearer.
func editDistance(a, b string, limit int) int {
	if d := assembly.Distance(a, b, limit); d >= 0 {
		return d
	}
	return limit + 1
}

// NearestWord is the one word of words nearest to w, for a misspelled
// command or flag, or "" when none is within a third of its length.
func NearestWord(w string, words []string) string {
	limit := max(1, len(w)/3)
	best, bestD := "", limit+1
	for _, c := range words {
		if d := editDistance(w, c, limit); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
