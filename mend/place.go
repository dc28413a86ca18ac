package mend

import (
	"encoding/json"
	"strings"
)

// A declaration's checker sees the repaired text, whose offsets differ
// from the input's once a repair dropped or inserted bytes. A placer moves
// its findings to the input: each takes the offset, line and column in the
// input of the first byte of the value at its path, when that is the root
// value or a member of the root object, or else of the nearest enclosing
// one of those (the watcher, which has let go of the input, takes those
// spots as the values begin; Repair reads the input again to find the
// same ones, so that the watcher's final is Repair's whatever the
// chunking). A finding whose value is in none of them keeps no position
// rather than one in another text.
type placer struct {
	mode placeMode
	// the offset of the first byte the repair changed, -1 when none: a
	// finding before it keeps the checker's position (the repaired text
	// is the input byte for byte up to there, and the checker's is the
	// more precise: a key, a nested value)
	same int
	text []byte // placeReread: the input
	// placeReread: how it was read (the reader's settings, not a pointer
	// to the caller's Options, which would then escape)
	skipProse            bool
	maxDepth, maxRepairs int
	spots                map[string]spot // placeSpots: the values' spots, by path
}

type placeMode uint8

const (
	placeSame   placeMode = iota // the repaired text is the input: positions stand
	placeReread                  // read text again to find the values
	placeSpots                   // the spots a watcher took
	placeNone                    // nothing known of the input: no position
)

func (p placer) findings(fs []Finding) {
	if p.mode == placeSame {
		return
	}
	located := false
	for _, f := range fs {
		located = located || (f.Located() && !p.before(f.Offset))
	}
	if !located {
		return
	}
	spots := p.spots
	if p.mode == placeReread {
		spots = valueSpots(p.text, p.skipProse, p.maxDepth, p.maxRepairs)
	}
	for i := range fs {
		f := &fs[i]
		if !f.Located() || p.before(f.Offset) {
			continue
		}
		f.Line, f.Column, f.Offset = 0, 0, 0
		if sp, ok := spotUp(spots, f.Path); ok {
			f.Line, f.Column, f.Offset = sp.line, sp.col, sp.at
		}
	}
}

// before reports whether offset at of the repaired text precedes every
// change of the repair (so it is the same offset of the input).
func (p placer) before(at int) bool { return p.same < 0 || at < p.same }

// spotUp returns the spot of the value at pointer path in spots, or of its
// nearest enclosing value there.
func spotUp(spots map[string]spot, path string) (spot, bool) {
	for {
		if sp, ok := spots[path]; ok {
			return sp, true
		}
		if path == "" {
			return spot{}, false
		}
		path = path[:strings.LastIndexByte(path, '/')]
	}
}

// seeker collects where the root value and the root object's members
// begin in the input, by pointer, as the watcher does (valueBegins).
type seeker struct {
	at map[string]int
}

// seekValue notes the value beginning at r.i if it is the first value of
// the text or a member of its root object (the first value at its path).
func (r *reader) seekValue() {
	var path string
	switch {
	case len(r.stack) == 0 && r.values == 1:
	case len(r.stack) == 1 && r.values == 1 && r.stack[0].kind == '{':
		path = "/" + string(appendPointerToken(nil, keyName(r.keyOf(&r.stack[0]))))
	default:
		return
	}
	if _, ok := r.seek.at[path]; !ok {
		r.seek.at[path] = r.i + r.base
	}
}

// valueSpots reads text again, as readFull did, for the spots of its root
// value and of its root object's members (the root value's alone when
// several values were wrapped in an array: the members' paths are not
// the repaired text's).
func valueSpots(text []byte, skipProse bool, maxDepth, maxRepairs int) map[string]spot {
	r := &reader{in: text, skipProse: skipProse, maxDepth: maxDepth, maxRepairs: maxRepairs,
		seek: &seeker{at: map[string]int{}}}
	r.run()
	paths := make([]string, 0, len(r.seek.at))
	for path := range r.seek.at {
		if !r.wrapped || path == "" {
			paths = append(paths, path)
		}
	}
	list := make([]spot, len(paths))
	pts := make([]point, len(paths))
	for k, path := range paths {
		list[k].at = r.seek.at[path]
		pts[k] = point{list[k].at, &list[k].line, &list[k].col}
	}
	locateFrom(text, 0, 1, 0, pts)
	spots := make(map[string]spot, len(paths))
	for k, path := range paths {
		spots[path] = list[k]
	}
	return spots
}

// unplaced is the placer of an incremental reading, which has let go of
// the input (a watcher sets its own): a reading without repairs has the
// input as its text; otherwise nothing is known.
func unplaced(g *reading) placeMode {
	if g.fatal != nil || (len(g.res.Repairs) == 0 && !g.res.RepairsTruncated) {
		return placeSame
	}
	return placeNone
}

// keyName is the name a key's text (between its quotes, as read) has in
// the repaired text: its JSON escapes decoded; the text itself when it has
// none, or when it does not decode.
func keyName(raw string) string {
	if !strings.ContainsRune(raw, '\\') {
		return raw
	}
	var name string
	if json.Unmarshal([]byte(`"`+raw+`"`), &name) != nil {
		return raw
	}
	return name
}
