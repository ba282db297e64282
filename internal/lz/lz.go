// Package lz is a small, fast LZ77 codec for independent in-memory blocks.
//
// It compresses one block at a time, not a stream: a block holds the
// uvarint length of the data it decodes to followed by LZ4-like sequences,
// with no framing, no checksum and no dictionary shared between blocks. The
// caller keeps its own blocks (for instance a snapshot cut into ~64 KiB
// pieces) and decodes one when it needs its contents.
//
// A sequence is a token byte (high nibble: literal count, low nibble: match
// length minus 4; a nibble of 15 adds the bytes that follow, up to and
// including the first one below 255), the literal bytes, then a 2-byte
// little-endian match offset in 1..65535 and the match length's extension.
// The block ends when its output reaches the declared length; the encoder's
// last sequence is literals only.
package lz

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

const (
	minMatch      = 4 // shortest match encoded
	maxOffset     = 1<<16 - 1
	maxDecodedLen = 1 << 30 // largest block accepted by Decode
	maxTableBits  = 14
	minTableBits  = 8
	minInput      = 16 // shorter inputs are stored as literals
	skipShift     = 5  // step grows by one every 1<<skipShift misses
)

// Encoder compresses blocks. Its zero value is ready; reusing one avoids
// allocating its hash table for each block. It is not safe for concurrent use.
type Encoder struct {
	table [1 << maxTableBits]int32
}

// Append appends the compressed form of src to dst and returns the extended
// slice. src may have any length up to 1 GiB; Append panics on a longer one,
// since Decode would refuse it.
func (e *Encoder) Append(dst, src []byte) []byte {
	if len(src) > maxDecodedLen {
		panic("lz: block longer than 1 GiB")
	}
	dst = binary.AppendUvarint(dst, uint64(len(src)))
	if len(src) == 0 {
		return dst
	}
	bound := len(src) + len(src)/255 + 16
	dst = slices.Grow(dst, bound)
	out := dst[len(dst) : len(dst)+bound]
	n := e.compress(out, src)
	return dst[:len(dst)+n]
}

// tableBits picks a hash table size suited to an input of n bytes.
func tableBits(n int) uint {
	b := uint(minTableBits)
	for b < maxTableBits && 1<<b < n {
		b++
	}
	return b
}

func load32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[i:]) }
func load64(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i:]) }

// hash6 hashes the low 6 bytes of u to 64-shift bits.
func hash6(u uint64, shift uint) uint32 {
	return uint32(((u << 16) * 0xcf1bbcdcb7a56463) >> shift)
}

// compress writes the sequences for src (at least one byte) into out, which
// is large enough for the worst case, and returns the number of bytes written.
func (e *Encoder) compress(out, src []byte) int {
	if len(src) < minInput {
		return emitLiterals(out, 0, src)
	}
	tb := tableBits(len(src))
	tab := e.table[:1<<tb]
	clear(tab)
	shift, mask := 64-tb, uint32(len(tab)-1)
	sLimit := len(src) - 8 // 8 bytes can be loaded at any s <= sLimit
	d, anchor, s := 0, 0, 1
	for {
		// Find a match, stepping faster the longer none turns up. The next
		// position's hash is computed while the current one is checked.
		skip := 1 << skipShift
		var cand int
		nextS := s
		nextH := hash6(load64(src, s), shift) & mask
		for {
			s = nextS
			h := nextH
			nextS = s + skip>>skipShift
			skip++
			if nextS > sLimit {
				goto done
			}
			cand = int(tab[h])
			tab[h] = int32(s)
			nextH = hash6(load64(src, nextS), shift) & mask
			if s-cand <= maxOffset && load32(src, s) == load32(src, cand) {
				break
			}
		}
		for cand > 0 && s > anchor && src[cand-1] == src[s-1] {
			cand--
			s--
		}
		end := extend(src, s+minMatch, cand+minMatch)
		d = emitSequence(out, d, src[anchor:s], s-cand, end-s)
		s, anchor = end, end
		if s > sLimit {
			break
		}
		// Index a position inside the match to find the next match sooner.
		tab[hash6(load64(src, s-2), shift)&mask] = int32(s - 2)
	}
done:
	if anchor < len(src) {
		d = emitLiterals(out, d, src[anchor:])
	}
	return d
}

// extend returns the end of the match that continues at src[i:] and src[j:]
// (j < i), comparing 8 bytes at a time.
func extend(src []byte, i, j int) int {
	for i+8 <= len(src) {
		if x := load64(src, i) ^ load64(src, j); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		i += 8
		j += 8
	}
	for i < len(src) && src[i] == src[j] {
		i++
		j++
	}
	return i
}

// putLen writes the extension bytes for a length beyond its nibble.
func putLen(out []byte, d, v int) int {
	for v >= 255 {
		out[d] = 255
		d++
		v -= 255
	}
	out[d] = byte(v)
	return d + 1
}

// emitLiterals writes a final sequence of literals only.
func emitLiterals(out []byte, d int, lit []byte) int {
	if len(lit) < 15 {
		out[d] = byte(len(lit) << 4)
		d++
	} else {
		out[d] = 0xf0
		d = putLen(out, d+1, len(lit)-15)
	}
	return d + copy(out[d:], lit)
}

// emitSequence writes literals followed by a match of length ml at offset off.
func emitSequence(out []byte, d int, lit []byte, off, ml int) int {
	tokPos := d
	d++
	var tok byte
	if len(lit) < 15 {
		tok = byte(len(lit) << 4)
	} else {
		tok = 0xf0
		d = putLen(out, d, len(lit)-15)
	}
	if l := lit[:cap(lit)]; len(lit) <= 16 && len(l) >= 16 && d+16 <= len(out) {
		// Copy 16 bytes at once; the excess is overwritten next.
		binary.LittleEndian.PutUint64(out[d:], load64(l, 0))
		binary.LittleEndian.PutUint64(out[d+8:], load64(l, 8))
		d += len(lit)
	} else {
		d += copy(out[d:], lit)
	}
	out[d] = byte(off)
	out[d+1] = byte(off >> 8)
	d += 2
	if ml -= minMatch; ml < 15 {
		tok |= byte(ml)
	} else {
		tok |= 15
		d = putLen(out, d, ml-15)
	}
	out[tokPos] = tok
	return d
}
