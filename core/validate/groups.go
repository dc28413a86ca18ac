package validate

import "sort"

// eachConflict calls fn for each group of more than one value, in key
// order, with the values sorted: the shape of the reference's "these
// names conflict" events.
func eachConflict(groups map[string][]string, fn func(key string, values []string)) {
	keys := make([]string, 0, len(groups))
	for k, values := range groups {
		if len(values) > 1 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		values := append([]string(nil), groups[k]...)
		sort.Strings(values)
		fn(k, values)
	}
}
