package node

// Building trees from a tape, and the duplicate-key check of [Parse].

// buildFrame is one container open while the keys of a tape are checked.
type buildFrame struct {
	pos       Pos
	start     int   // index in elems or fields of its first child
	remaining int32 // children still to come; negative for a container the tape left open
	obj       bool
	wantKey   bool // an object's next entry is a key
}

// treeFrame is one container open while a tree is built from a tape: its
// children, allocated at their exact number (the tape knows it) when it
// opens, and filled in place.
type treeFrame struct {
	pos     Pos
	elems   []Node  // an array's
	fields  []Field // an object's
	next    int     // the child that comes next
	obj     bool
	wantKey bool // an object's next entry is a key
}

// treeBuilder holds the scratch space of Tape.Node.
type treeBuilder struct {
	frames []treeFrame
}

// lineCursor gives the positions of offsets that never decrease, in
// constant time each: entries are in source order.
type lineCursor struct {
	lines []int32
	k     int
}

func (c *lineCursor) pos(off int32) Pos {
	for c.k < len(c.lines) && c.lines[c.k] <= off {
		c.k++
	}
	var at int32
	if c.k > 0 {
		at = c.lines[c.k-1]
	}
	return Pos{Offset: off, Line: int32(c.k + 1), Column: off - at + 1}
}

// Node returns the tree of the text the last successful Read read, with
// every duplicate key kept. The tree shares the text's memory (and the
// tape's unescaped strings), not the tape's: it stays valid after the next
// Read. It builds the tree without recursion.
func (t *Tape) Node() Node {
	b := &t.tree
	lc := lineCursor{lines: t.lines}
	var root Node
	for k := range t.n {
		e := t.at(k)
		if n := len(b.frames); n > 0 && b.frames[n-1].wantKey {
			top := &b.frames[n-1]
			top.fields[top.next] = Field{Key: e.Text(), KeyPos: lc.pos(e.off)}
			top.wantKey = false
			continue
		}
		v := Node{pos: lc.pos(e.off)}
		switch e.kind {
		case TapeFalse:
			v.kind = Bool
		case TapeTrue:
			v.kind, v.b = Bool, true
		case TapeNumber:
			v.kind = Number
			v.setText(e.Text())
		case TapeString:
			v.kind = String
			v.setText(e.Text())
		case TapeArray:
			v.kind = Array
			if e.b > 0 {
				b.frames = append(b.frames, treeFrame{pos: v.pos, elems: make([]Node, e.b)})
				continue
			}
			v.setElems(nil)
		case TapeObject:
			v.kind = Object
			if e.b > 0 {
				b.frames = append(b.frames, treeFrame{pos: v.pos, fields: make([]Field, e.b), obj: true, wantKey: true})
				continue
			}
			v.setFields(nil)
		}
		// v is complete: attach it to the innermost open container and
		// close every container that ends here.
		for {
			n := len(b.frames)
			if n == 0 {
				root = v
				break
			}
			top := &b.frames[n-1]
			size := len(top.elems)
			if top.obj {
				top.fields[top.next].Value = v
				top.wantKey = true
				size = len(top.fields)
			} else {
				top.elems[top.next] = v
			}
			if top.next++; top.next < size {
				break
			}
			v = Node{kind: Array, pos: top.pos}
			if top.obj {
				v.kind = Object
				v.setFields(top.fields)
			} else {
				v.setElems(top.elems)
			}
			// No pointer into the tree stays in the scratch space.
			b.frames[n-1] = treeFrame{}
			b.frames = b.frames[:n-1]
		}
	}
	return root
}

// linearKeys is how many keys an object may have before duplicate
// detection switches from a linear search to a map.
const linearKeys = 16

// dupFrame is one container open while the keys of a tape are checked.
type dupFrame struct {
	buildFrame
	keys map[string]int32 // index in tape.dupKeys, once the object has many keys
}

// firstDuplicate returns the error for the first repeated key, in source
// order, among the entries of the last Read (all of them, or those read
// before it stopped), nil when no object repeats a key.
func (t *Tape) firstDuplicate() *DuplicateKeyError {
	var frames []dupFrame
	keys := t.dupKeys[:0] // key entries of all open objects, innermost last
	defer func() { t.dupKeys = keys[:0] }()
	for k := range t.n {
		e := t.at(k)
		if n := len(frames); n > 0 && frames[n-1].wantKey {
			top := &frames[n-1]
			top.wantKey = false
			if j := t.findKey(top, keys, e.Text()); j >= 0 {
				return &DuplicateKeyError{Key: e.Text(), First: keys[j].Pos(), Second: e.Pos()}
			}
			if top.keys != nil {
				top.keys[e.Text()] = int32(len(keys))
			}
			keys = append(keys, e)
			if top.keys == nil && len(keys)-top.start > linearKeys {
				top.keys = make(map[string]int32, 2*linearKeys)
				for j := top.start; j < len(keys); j++ {
					top.keys[keys[j].Text()] = int32(j)
				}
			}
			continue
		}
		if e.kind == TapeArray || e.kind == TapeObject {
			open := e.flags&entFlat == 0 && e.b == 0
			if e.b > 0 || open {
				f := dupFrame{buildFrame: buildFrame{start: len(keys), remaining: e.b, obj: e.kind == TapeObject}}
				f.wantKey = f.obj
				if open {
					f.remaining = -1
				}
				frames = append(frames, f)
				continue
			}
		}
		for n := len(frames); n > 0; n-- {
			top := &frames[n-1]
			top.wantKey = top.obj
			if top.remaining--; top.remaining != 0 {
				break
			}
			keys = keys[:top.start]
			frames = frames[:n-1]
		}
	}
	return nil
}

// findKey returns the index in keys of the key of the object f named key,
// -1 when it has none.
func (t *Tape) findKey(f *dupFrame, keys []*TapeEntry, key string) int {
	if f.keys != nil {
		if j, ok := f.keys[key]; ok {
			return int(j)
		}
		return -1
	}
	for j := f.start; j < len(keys); j++ {
		if keys[j].Text() == key {
			return j
		}
	}
	return -1
}
