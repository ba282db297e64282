// Package snapshot reads a long session's snapshot answer as it arrives:
// its bytes kept in blocks, compressed (klauspost/compress's s2) but for the
// last, and where each element of its transcript and commands arrays lies,
// so that a first frame reads only the end of them. The frame's JSON is
// read by encoding/json/jsontext's decoder (go-json-experiment/json until Go
// 1.27), which validates it as it comes; what is inside an element is
// decoded by the client, with its wire types, when the element is read.
package snapshot

import (
	"sort"
	"sync"

	"github.com/klauspost/compress/s2"
)

// Block is how long a block grows before it is cut, at the end of the
// first element past it, and Cache how many decompressed blocks an Answer
// keeps for the next reads (the folds and searches that read one block
// after another).
const (
	Block = 64 << 10
	Cache = 4
)

// Span is the bounds [Start, End) of a JSON value in an answer; the zero
// Span is none.
type Span struct{ Start, End uint32 }

// Answer is an answer's bytes in blocks, addressed by their offsets in the
// answer, cut only between two elements of the arrays Read finds, so that an
// element always lies in one block. It is not changed once made, and is
// safe for concurrent reads.
type Answer struct {
	blocks []block
	size   int

	mu    sync.Mutex
	cache [Cache]cached
	next  int // the cache slot to fill next
}

// block is one block: raw, or compressed (z) to raw's length n.
type block struct {
	start uint32
	n     uint32
	raw   []byte
	z     []byte
}

// cached is a decompressed block: b is never written after it is made, so a
// slice of it handed out stays valid when the slot is reused.
type cached struct {
	i int
	b []byte
}

// Raw is data as an Answer of one raw block, not copied: data must not be
// changed afterwards.
func Raw(data []byte) *Answer {
	return &Answer{blocks: []block{{n: uint32(len(data)), raw: data}}, size: len(data)}
}

// Len is the answer's length in bytes.
func (a *Answer) Len() int { return a.size }

// Held is the bytes the blocks hold: compressed ones at their compressed
// size.
func (a *Answer) Held() int {
	n := 0
	for _, b := range a.blocks {
		n += len(b.raw) + len(b.z)
	}
	return n
}

// Blocks is how many blocks the answer is in, and how many of them are
// compressed.
func (a *Answer) Blocks() (n, compressed int) {
	for _, b := range a.blocks {
		if b.z != nil {
			compressed++
		}
	}
	return len(a.blocks), compressed
}

// view is the block that holds offset at, and that block's offset in the
// answer: buf[i-base] is the answer's byte i. A block that does not decode is
// empty (it was compressed here, so only a fault in memory can do that).
func (a *Answer) view(at uint32) (buf []byte, base uint32) {
	i := sort.Search(len(a.blocks), func(i int) bool { return a.blocks[i].start > at }) - 1
	if i < 0 {
		return nil, 0
	}
	return a.block(i), a.blocks[i].start
}

// block is block i's bytes.
func (a *Answer) block(i int) []byte {
	b := &a.blocks[i]
	if b.z == nil {
		return b.raw
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, c := range a.cache {
		if c.b != nil && c.i == i {
			return c.b
		}
	}
	out, err := s2.Decode(make([]byte, b.n), b.z)
	if err != nil || len(out) != int(b.n) {
		out = nil
	}
	a.cache[a.next] = cached{i: i, b: out}
	a.next = (a.next + 1) % Cache
	return out
}

// Slice is the answer's bytes s: a slice of a block, which the caller must
// not change, or a copy when s runs over more than one (the blocks are cut
// so that an element never does). Bytes the answer does not hold (or that
// are in a block that does not decode) are left out.
func (a *Answer) Slice(s Span) []byte {
	if s.End <= s.Start {
		return nil
	}
	buf, base := a.view(s.Start)
	if int(s.End-base) <= len(buf) && s.Start >= base {
		return buf[s.Start-base : s.End-base : s.End-base]
	}
	out := make([]byte, 0, s.End-s.Start)
	for at := s.Start; at < s.End; {
		buf, base := a.view(at)
		end := min(int(s.End-base), len(buf))
		if int(at-base) >= end {
			break // past the end: a span the answer does not hold
		}
		out = append(out, buf[at-base:end]...)
		at = base + uint32(end)
	}
	return out
}

// Whole is every byte of the answer.
func (a *Answer) Whole() []byte { return a.Slice(Span{0, uint32(a.size)}) }
