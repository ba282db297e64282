package client

import (
	"bytes"
	"fmt"
	"io"

	"github.com/sophia-labs/vehicle/internal/lz"
)

const (
	packPiece   = 32 << 10 // how much of an answer is read at a time
	maxSnapshot = 1 << 30  // the longest snapshot answer read (other answers: 64 MiB)
)

// packedValue is what a packed read found of a snapshot: the answer's bytes
// and the elements of its transcript and commands, by their offsets in it.
type packedValue struct {
	store   *packed
	arrays  [2][]span
	found   [2]bool
	valueAt int // where the frame's value starts in skel
}

// readPacked reads a frame whose value is a snapshot, at most limit bytes,
// keeping it in blocks of about block bytes (packBlock), compressed as they
// are cut (all but the last). It
// returns the frame with the transcript's and the commands' elements left
// out (skel, small, for parseAnswer) and the elements kept. When the answer
// is not one whose elements can be found, skel is the whole answer, read
// whole, and pv is nil: the caller decodes it as any other.
func readPacked(r io.Reader, limit int64, block uint32) (skel []byte, pv *packedValue, err error) {
	limit = min(limit, 1<<32-2)
	scan := newPackScan(2)
	p := &packed{}
	var enc lz.Encoder
	var zbuf []byte
	cur := make([]byte, 0, int(block)+2*packPiece)
	curStart, blockStart := uint32(0), uint32(0)
	var cuts []uint32
	scan.onElem = func(end uint32) {
		if end-blockStart >= block {
			cuts = append(cuts, end)
			blockStart = end
		}
	}
	seal := func(b []byte) {
		blk := pblock{start: uint32(p.size), n: uint32(len(b))}
		zbuf = enc.Append(zbuf[:0], b)
		if len(zbuf) < len(b)-len(b)/8 {
			blk.z = bytes.Clone(zbuf)
		} else {
			blk.raw = bytes.Clone(b)
		}
		p.blocks = append(p.blocks, blk)
		p.size += len(b)
	}
	var total int64
	for {
		if cap(cur)-len(cur) < packPiece {
			cur = append(cur, make([]byte, packPiece)...)[:len(cur)] // an element longer than a block
		}
		n, rerr := r.Read(cur[len(cur):cap(cur)])
		if total += int64(n); total > limit {
			return nil, nil, fmt.Errorf("the answer is longer than %d bytes", limit)
		}
		piece := cur[len(cur) : len(cur)+n]
		cur = cur[:len(cur)+n]
		scan.feed(piece)
		from := uint32(0)
		for _, c := range cuts {
			seal(cur[from : c-curStart])
			from = c - curStart
		}
		if len(cuts) > 0 {
			cur = cur[:copy(cur, cur[from:])]
			curStart += from
			cuts = cuts[:0]
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return nil, nil, rerr
		}
	}
	if len(cur) > 0 || len(p.blocks) == 0 {
		p.blocks = append(p.blocks, pblock{start: uint32(p.size), n: uint32(len(cur)), raw: bytes.Clone(cur)})
		p.size += len(cur)
	}
	if scan.finish() != nil || !scan.found[0] && !scan.found[1] {
		return p.slice(span{0, uint32(p.size)}), nil, nil
	}
	return scan.skel, &packedValue{store: p, arrays: scan.arrays, found: scan.found, valueAt: scan.valueAt}, nil
}

// parsePacked is parseAnswer for what readPacked read: the frame decoded from
// skel, with pv for its value when that value is the one pv's arrays were
// taken from. Anything else (a refusal, an answer that is not a frame, a
// frame that names its value twice) is parsed from the whole answer, as an
// answer read whole is.
func parsePacked(cl call, status int, skel []byte, pv *packedValue) (*Frame, error) {
	if pv == nil {
		return parseAnswer(cl, status, skel)
	}
	f, err := parseAnswer(cl, status, skel)
	if err != nil || f.Type == "" || len(f.Value) == 0 || pv.valueAt >= len(skel) || &f.Value[0] != &skel[pv.valueAt] {
		return parseAnswer(cl, status, pv.store.slice(span{0, uint32(pv.store.Len())}))
	}
	f.packed = pv
	return f, nil
}
