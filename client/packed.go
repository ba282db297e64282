package client

import (
	"sort"
	"sync"

	"github.com/klauspost/compress/s2"
)

// A long session's snapshot is mostly its transcript and its commands, and a
// first frame reads only the end of them. packed keeps an answer's bytes in
// blocks of about packBlock bytes, cut only between two elements of those
// arrays, so that an item or a command always lies in one block; the blocks
// behind the newest ones are compressed as the answer arrives, and a block is
// decompressed again when something in it is read (the last few stay
// decompressed, for the folds and searches that read one block after another).

const (
	packBlock = 64 << 10 // a block is cut at the first element's end past this size
	packCache = 4        // decompressed blocks kept for the next reads
)

// packed is an answer's bytes in blocks, addressed by their offsets in the
// answer. It is not changed once made, and is safe for concurrent reads.
type packed struct {
	blocks []pblock
	size   int

	mu    sync.Mutex
	cache [packCache]cached
	next  int // the cache slot to fill next
}

// pblock is one block: raw, or compressed (z) to raw's length n.
type pblock struct {
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

// rawPacked is data as one raw block, not copied.
func rawPacked(data []byte) *packed {
	return &packed{blocks: []pblock{{n: uint32(len(data)), raw: data}}, size: len(data)}
}

// Len is the answer's length in bytes.
func (p *packed) Len() int { return p.size }

// held is the bytes the blocks hold: compressed ones at their compressed size.
func (p *packed) held() int {
	n := 0
	for _, b := range p.blocks {
		n += len(b.raw) + len(b.z)
	}
	return n
}

// view is the block that holds offset at, and that block's offset in the
// answer: buf[i-base] is the answer's byte i. A block that does not decode is
// empty (it was compressed here, so only a fault in memory can do that).
func (p *packed) view(at uint32) (buf []byte, base uint32) {
	i := sort.Search(len(p.blocks), func(i int) bool { return p.blocks[i].start > at }) - 1
	if i < 0 {
		return nil, 0
	}
	return p.block(i), p.blocks[i].start
}

// block is block i's bytes.
func (p *packed) block(i int) []byte {
	b := &p.blocks[i]
	if b.z == nil {
		return b.raw
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.cache {
		if c.b != nil && c.i == i {
			return c.b
		}
	}
	out, err := s2.Decode(make([]byte, b.n), b.z)
	if err != nil || len(out) != int(b.n) {
		out = nil
	}
	p.cache[p.next] = cached{i: i, b: out}
	p.next = (p.next + 1) % packCache
	return out
}

// slice is the answer's bytes s. They are a slice of a block, which the
// caller must not change, or a copy when s runs over more than one (the
// blocks are cut so that an element never does).
func (p *packed) slice(s span) []byte {
	if s.end <= s.start {
		return nil
	}
	buf, base := p.view(s.start)
	if int(s.end-base) <= len(buf) {
		return buf[s.start-base : s.end-base : s.end-base]
	}
	out := make([]byte, 0, s.end-s.start)
	for at := s.start; at < s.end; {
		buf, base := p.view(at)
		end := min(int(s.end-base), len(buf))
		if int(at-base) >= end {
			break // past the end: a span the answer does not hold
		}
		out = append(out, buf[at-base:end]...)
		at = base + uint32(end)
	}
	return out
}

// readHead is readHead for the item at s.
func (p *packed) readHead(s span, h *itemHead) bool {
	buf, base := p.view(s.start)
	if int(s.end-base) > len(buf) {
		buf, base = p.slice(s), s.start
	}
	ok := readHead(buf, span{s.start - base, s.end - base}, h)
	if h.text != (span{}) {
		h.text.start += base
		h.text.end += base
	}
	return ok
}

// valueEnd is the offset just past the value that starts at offset at, or
// -1, as skipValue finds it in that value's block.
func (p *packed) valueEnd(at uint32) int {
	buf, base := p.view(at)
	end := skipValue(buf, int(at-base))
	if end < 0 {
		return -1
	}
	return end + int(base)
}
