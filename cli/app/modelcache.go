package app

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

// loadedModel is an assembled model (or the error that stopped its
// assembly) and what has been prepared from it, each made once: the
// `validate` events, a validator per shape, a service per service ID and
// version. Prepared validators and services are safe for concurrent use,
// so the server's connections share them.
type loadedModel struct {
	res  *assembly.Result
	err  error // a model that could not be assembled
	size int64 // bytes of source

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

// validateEvents returns the events `smithy validate` reports (computed
// once).
func (lm *loadedModel) validateEvents() []model.Event {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if !lm.haveEvents {
		lm.events, lm.haveEvents = validateEvents(lm.res), true
	}
	return lm.events
}

// validator returns the prepared validator of a shape (prepared once).
func (lm *loadedModel) validator(id shapeid.ID, opts ...smithyvalidate.Option) (*smithyvalidate.Validator, error) {
	if len(opts) > 0 {
		// Options other than the defaults (a command's limits): prepared
		// for this use, not kept.
		return smithyvalidate.Prepare(lm.res.Model, id, opts...)
	}
	lm.mu.Lock()
	defer lm.mu.Unlock()
	p, ok := lm.validators[id]
	if !ok {
		p.v, p.err = smithyvalidate.Prepare(lm.res.Model, id)
		if lm.validators == nil {
			lm.validators = map[shapeid.ID]preparedValue{}
		}
		lm.validators[id] = p
	}
	return p.v, p.err
}

// service returns the prepared service (prepared once per version).
func (lm *loadedModel) service(id shapeid.ID, version rpc.ProtocolVersion) (*rpc.PreparedService, error) {
	lm.mu.Lock()
	defer lm.mu.Unlock()
	k := serviceKey{id, version}
	p, ok := lm.services[k]
	if !ok {
		var opts []rpc.Option
		if version != 0 {
			opts = append(opts, rpc.Version(version))
		}
		p.svc, p.err = rpc.Prepare(lm.res.Model, id, opts...)
		if lm.services == nil {
			lm.services = map[serviceKey]preparedService{}
		}
		lm.services[k] = p
	}
	return p.svc, p.err
}

// The server's model cache bounds: at most DefaultCacheEntries models
// and DefaultCacheBytes bytes of model source (what an assembled model
// costs in memory grows with its source; a few times the source size).
const (
	DefaultCacheEntries = 32
	DefaultCacheBytes   = 64 << 20
)

// ModelCache keeps assembled, prepared models by the SHA-256 of their
// sources (every file's name and bytes, in order), so a warm call does
// not load the model again, and a changed file is a new model. It holds
// at most a number of models and a number of source bytes; past either
// the least recently used models are evicted (a model larger than the
// whole byte bound is used and not kept). Safe for concurrent use.
type ModelCache struct {
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
	lm  *loadedModel
}

// NewModelCache returns a cache bounded by entries models and bytes bytes
// of source (zero or less: the defaults).
func NewModelCache(entries int, bytes int64) *ModelCache {
	if entries <= 0 {
		entries = DefaultCacheEntries
	}
	if bytes <= 0 {
		bytes = DefaultCacheBytes
	}
	return &ModelCache{maxEntries: entries, maxBytes: bytes, lru: list.New(),
		byKey: map[[32]byte]*list.Element{}, inflight: map[[32]byte]*sync.WaitGroup{}}
}

// Len returns the number of models the cache holds.
func (c *ModelCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

func sourcesKey(files []modelFile) [32]byte {
	h := sha256.New()
	var n [8]byte
	for _, f := range files {
		binary.LittleEndian.PutUint64(n[:], uint64(len(f.name)))
		h.Write(n[:])
		h.Write([]byte(f.name))
		binary.LittleEndian.PutUint64(n[:], uint64(len(f.data)))
		h.Write(n[:])
		h.Write(f.data)
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// get returns the model of files, assembling it on a miss.
func (c *ModelCache) get(files []modelFile) *loadedModel {
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
		c.mu.Lock()
		delete(c.inflight, key)
		if lm.size <= c.maxBytes {
			c.byKey[key] = c.lru.PushFront(&cacheEntry{key, lm})
			c.bytes += lm.size
			for c.lru.Len() > c.maxEntries || c.bytes > c.maxBytes {
				old := c.lru.Remove(c.lru.Back()).(*cacheEntry)
				delete(c.byKey, old.key)
				c.bytes -= old.lm.size
			}
		}
		c.mu.Unlock()
		wg.Done()
		return lm
	}
}
