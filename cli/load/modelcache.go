package load

import (
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"sync"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// Model is an assembled model (or the error that stopped its
// assembly) and what has been prepared from it, each made once: the
// `validate` events, a validator per shape, a service per service ID and
// version. Prepared validators and services are safe for concurrent use,
// so the server's connections share them.
type Model struct {
	Res  *assembly.Result
	err  error // a model that could not be assembled
	size int64 // bytes of source (twice for a JSON AST: see assemble)
	// release ends the memory bound of Reader.BoundMemory (nil: none).
	release func()

	// owner is the cache the model was put in (nil: none; set before the
	// model is shared, never changed). cached (still in it) and cost (the
	// memory it holds by estimate, modelcost.go, which grows as validators
	// and services are prepared) are guarded by the owner's lock.
	owner  *Cache
	cached bool
	cost   int64

	mu         sync.Mutex
	events     []model.Event
	haveEvents bool
	validators map[shapeid.ID]preparedValue
	services   map[serviceKey]preparedService
}

type preparedValue struct {
	v   *smithyvalidate.Validator
	err error
}

type serviceKey struct {
	id      shapeid.ID
	version rpc.ProtocolVersion
}

type preparedService struct {
	svc *rpc.PreparedService
	err error
}

// Loaded says the command is done loading and checking the model: the
// collector setting that Reader.BoundMemory made for the load ends (the
// process's own returns). Calling it again, or for a model loaded without
// one, does nothing.
func (lm *Model) Loaded() {
	if lm.release != nil {
		lm.release()
		lm.release = nil
	}
}

// ValidateEvents returns the events `smithy validate` reports (computed
// once).
func (lm *Model) ValidateEvents() []model.Event {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if !lm.haveEvents {
		lm.events, lm.haveEvents = ValidateEvents(lm.Res), true
		var n int64
		for _, ev := range lm.events {
			n += costEvent + int64(len(ev.Message))
		}
		lm.grow(n)
	}
	return lm.events
}

// Validator returns the prepared validator of a shape (prepared once).
// Members are named as a JSON document names them, by their @jsonName
// when they have one (smithyvalidate.MatchJSONNames, validate-value's
// default naming); opts come after that and win over it.
func (lm *Model) Validator(id shapeid.ID, opts ...smithyvalidate.Option) (*smithyvalidate.Validator, error) {
	if len(opts) > 0 {
		// Options other than the defaults (a command's limits or naming):
		// prepared for this use, not kept.
		return smithyvalidate.Prepare(lm.Res.Model, id, append([]smithyvalidate.Option{smithyvalidate.MatchJSONNames(true)}, opts...)...)
	}
	lm.mu.Lock()
	defer lm.mu.Unlock()
	p, ok := lm.validators[id]
	if !ok {
		p.v, p.err = smithyvalidate.Prepare(lm.Res.Model, id, smithyvalidate.MatchJSONNames(true))
		if lm.validators == nil {
			lm.validators = map[shapeid.ID]preparedValue{}
		}
		lm.validators[id] = p
		if lm.owner != nil { // a cached model's memory (a CLI run has no cache: no walk)
			lm.grow(preparedCost(lm.Res.Model, id))
		}
	}
	return p.v, p.err
}

// Service returns the prepared service (prepared once per version).
func (lm *Model) Service(id shapeid.ID, version rpc.ProtocolVersion) (*rpc.PreparedService, error) {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	k := serviceKey{id, version}
	p, ok := lm.services[k]
	if !ok {
		var opts []rpc.Option
		if version != 0 {
			opts = append(opts, rpc.Version(version))
		}
		p.svc, p.err = rpc.Prepare(lm.Res.Model, id, opts...)
		if lm.services == nil {
			lm.services = map[serviceKey]preparedService{}
		}
		lm.services[k] = p
		if lm.owner != nil {
			lm.grow(preparedCost(lm.Res.Model, id))
		}
	}
	return p.svc, p.err
}

// The server's model cache bounds: at most DefaultCacheEntries models
// holding at most DefaultCacheBytes bytes of memory, by the estimate of
// modelcost.go (an assembled model holds 10 to 300 times its source; the
// bound was once in bytes of source, which let 64 MiB mean ~6 GB).
const (
	DefaultCacheEntries = 32
	DefaultCacheBytes   = 256 << 20
)

// Cache keeps assembled, prepared models by the SHA-256 of their
// sources (every file's name and bytes, in order), so a warm call does
// not load the model again, and a changed file is a new model. It holds
// at most a number of models and a number of bytes of memory, estimated
// from each assembled model and from what is prepared from it as it is
// prepared; past either the least recently used models are evicted (a
// model larger than the whole byte bound is used and not kept). Safe for
// concurrent use.
type Cache struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int64
	bytes      int64
	lru        *list.List // of *cacheEntry, most recently used first
	byKey      map[[32]byte]*list.Element
	// inflight makes concurrent loads of one model assemble it once.
	inflight map[[32]byte]*sync.WaitGroup
}

type cacheEntry struct {
	key [32]byte
	lm  *Model
}

// NewCache returns a cache bounded by entries models and bytes bytes
// of memory (zero or less: the defaults).
func NewCache(entries int, bytes int64) *Cache {
	if entries <= 0 {
		entries = DefaultCacheEntries
	}
	if bytes <= 0 {
		bytes = DefaultCacheBytes
	}
	return &Cache{maxEntries: entries, maxBytes: bytes, lru: list.New(),
		byKey: map[[32]byte]*list.Element{}, inflight: map[[32]byte]*sync.WaitGroup{}}
}

// Bytes returns the memory the cached models hold, by estimate.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Len returns the number of models the cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

func sourcesKey(files []File) [32]byte {
	h := sha256.New()
	var n [8]byte
	for _, f := range files {
		binary.LittleEndian.PutUint64(n[:], uint64(len(f.Name)))
		h.Write(n[:])
		h.Write([]byte(f.Name))
		binary.LittleEndian.PutUint64(n[:], uint64(len(f.Data)))
		h.Write(n[:])
		h.Write(f.Data)
		if f.Found { // a found file that is no model is skipped, a named one is not
			h.Write([]byte{1})
		} else {
			h.Write([]byte{0})
		}
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// get returns the model of files, assembling it on a miss.
func (c *Cache) get(files []File) *Model {
	key := sourcesKey(files)
	for {
		c.mu.Lock()
		if el, ok := c.byKey[key]; ok {
			c.lru.MoveToFront(el)
			c.mu.Unlock()
			return el.Value.(*cacheEntry).lm
		}
		if wg, ok := c.inflight[key]; ok {
			c.mu.Unlock()
			wg.Wait()
			continue
		}
		wg := &sync.WaitGroup{}
		wg.Add(1)
		c.inflight[key] = wg
		c.mu.Unlock()

		lm := assemble(files)
		cost := modelCost(lm)
		c.mu.Lock()
		delete(c.inflight, key)
		lm.cost = cost
		if cost <= c.maxBytes {
			lm.owner, lm.cached = c, true
			c.byKey[key] = c.lru.PushFront(&cacheEntry{key, lm})
			c.bytes += cost
			c.evict()
		}
		c.mu.Unlock()
		wg.Done()
		return lm
	}
}

// evict removes the least recently used models until the cache is within
// its bounds. c.mu is held.
func (c *Cache) evict() {
	for c.lru.Len() > c.maxEntries || c.bytes > c.maxBytes {
		old := c.lru.Remove(c.lru.Back()).(*cacheEntry)
		delete(c.byKey, old.key)
		c.bytes -= old.lm.cost
		old.lm.cached = false
	}
}

// grow adds n bytes to what the model holds (a validator or service
// prepared from it), evicting models while the cache is over its bound
// (this one too, if it is the least recently used: its callers keep it).
func (lm *Model) grow(n int64) {
	c := lm.owner
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !lm.cached { // evicted meanwhile
		return
	}
	lm.cost += n
	c.bytes += n
	c.evict()
}
