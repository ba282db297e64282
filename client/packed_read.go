package client

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/klauspost/compress/s2"
)

const (
	packPiece   = 32 << 10  // how much of an answer is read at a time
	maxSnapshot = 256 << 20 // the longest snapshot answer read (other answers: 64 MiB)
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
// are cut (all but the last) by a goroutine of its own while the next
// pieces are read. It returns the frame with the transcript's and the
// commands' elements left out (skel, small, for parseAnswer) and the
// elements kept. When the answer is not one whose elements can be found,
// skel is the whole answer, read whole, and pv is nil: the caller decodes it
// as any other.
func readPacked(r io.Reader, limit int64, block uint32) (skel []byte, pv *packedValue, err error) {
	limit = min(limit, 1<<32-2)
	scan := newPackScan(2)
	z := newPacker(int(block) + 2*packPiece)
	cur := z.buffer()
	curStart, blockStart := uint32(0), uint32(0)
	var cuts []uint32
	scan.onElem = func(end uint32) {
		if end-blockStart >= block {
			cuts = append(cuts, end)
			blockStart = end
		}
	}
	var total int64
	for {
		if cap(cur)-len(cur) < packPiece {
			cur = append(cur, make([]byte, packPiece)...)[:len(cur)] // an element longer than a block
		}
		n, rerr := r.Read(cur[len(cur):cap(cur)])
		if total += int64(n); total > limit {
			z.close(nil)
			return nil, nil, &tooLongError{limit: limit}
		}
		cur = cur[:len(cur)+n]
		scan.feed(cur[len(cur)-n:])
		if len(cuts) > 0 {
			from := uint32(0)
			for _, c := range cuts {
				z.add(cur[from : c-curStart])
				from = c - curStart
			}
			next := z.buffer()
			next = append(next, cur[from:]...)
			z.release(cur)
			cur, curStart, cuts = next, curStart+from, cuts[:0]
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			z.close(nil)
			return nil, nil, rerr
		}
	}
	p := z.close(cur)
	if scan.finish() != nil || !scan.found[0] && !scan.found[1] {
		return p.slice(span{0, uint32(p.size)}), nil, nil
	}
	return scan.skel, &packedValue{store: p, arrays: scan.arrays, found: scan.found, valueAt: scan.valueAt}, nil
}

// packer compresses the blocks readPacked cuts, in order, on a goroutine of
// its own; the buffers the blocks are cut from go back to readPacked once
// their blocks are compressed (a few at most are in use, so the memory a
// read holds beyond the compressed blocks stays bounded).
type packer struct {
	jobs   chan packJob
	free   chan []byte
	made   int // buffers made
	size   int // a new buffer's capacity
	blocks []pblock
	n      int // bytes added
	done   chan struct{}
}

// packJob is a block to compress, or a buffer to hand back once the blocks
// before it are done.
type packJob struct {
	b       []byte
	release bool
}

// packBuffers is how many buffers a read cuts blocks from at most.
const packBuffers = 3

func newPacker(size int) *packer {
	z := &packer{jobs: make(chan packJob, 16), free: make(chan []byte, packBuffers), size: size, done: make(chan struct{})}
	go z.run()
	return z
}

// run compresses each block in turn: a block that compression does not
// shrink by an eighth is kept as it is.
func (z *packer) run() {
	defer close(z.done)
	var zbuf []byte
	start := uint32(0)
	for j := range z.jobs {
		if j.release {
			z.free <- j.b[:0]
			continue
		}
		blk := pblock{start: start, n: uint32(len(j.b))}
		zbuf = s2.Encode(zbuf[:cap(zbuf)], j.b)
		if len(zbuf) < len(j.b)-len(j.b)/8 {
			blk.z = bytes.Clone(zbuf)
		} else {
			blk.raw = bytes.Clone(j.b)
		}
		z.blocks = append(z.blocks, blk)
		start += blk.n
	}
}

// buffer is an empty buffer to read into: a free one, a new one while fewer
// than packBuffers were made, else the next one the goroutine frees.
func (z *packer) buffer() []byte {
	select {
	case b := <-z.free:
		return b
	default:
	}
	if z.made < packBuffers {
		z.made++
		return make([]byte, 0, z.size)
	}
	return <-z.free
}

// add hands a block over; it must not be changed until its buffer is
// released and handed out again.
func (z *packer) add(b []byte) {
	z.jobs <- packJob{b: b}
	z.n += len(b)
}

// release hands buf back once the blocks cut from it are compressed.
func (z *packer) release(buf []byte) { z.jobs <- packJob{b: buf, release: true} }

// close waits for the blocks handed over and returns them, with last, the
// answer's end, kept raw.
func (z *packer) close(last []byte) *packed {
	close(z.jobs)
	<-z.done
	p := &packed{blocks: z.blocks, size: z.n}
	if len(last) > 0 || len(p.blocks) == 0 {
		p.blocks = append(p.blocks, pblock{start: uint32(p.size), n: uint32(len(last)), raw: bytes.Clone(last)})
		p.size += len(last)
	}
	return p
}

// packedSink receives what a packed read found, for the frame it answers.
type packedSink struct{ pv *packedValue }

// readPackedAnswer reads a snapshot's answer a piece at a time (readPacked)
// and parses it, leaving what it found in cl.sink. A read that fails is a
// lost answer, but one past the limit is not.
func readPackedAnswer(cl call, resp *http.Response) (*Frame, error) {
	skel, pv, err := readPacked(resp.Body, maxSnapshot, packBlock)
	var tooLong *tooLongError
	if errors.As(err, &tooLong) {
		return nil, err
	}
	if err != nil {
		return nil, &TransportError{Method: cl.method, URL: cl.url, Status: resp.StatusCode, Err: err}
	}
	f, pv, err := parsePacked(cl, resp.StatusCode, skel, pv)
	cl.sink.pv = pv
	return f, err
}

// parsePacked is parseAnswer for what readPacked read: the frame decoded from
// skel, and pv when the frame's value is the one pv's arrays were taken
// from (the value is then skel's, without them). Anything else (a refusal,
// an answer that is not a frame, a frame that names its value twice) is
// parsed from the whole answer, as an answer read whole is, and pv is nil.
func parsePacked(cl call, status int, skel []byte, pv *packedValue) (*Frame, *packedValue, error) {
	if pv == nil {
		f, err := parseAnswer(cl, status, skel)
		return f, nil, err
	}
	f, err := parseAnswer(cl, status, skel)
	if err != nil || f.Type == "" || len(f.Value) == 0 || pv.valueAt >= len(skel) || &f.Value[0] != &skel[pv.valueAt] {
		f, err := parseAnswer(cl, status, pv.store.slice(span{0, uint32(pv.store.Len())}))
		return f, nil, err
	}
	return f, pv, nil
}

// tooLongError is an answer longer than readPacked reads. It is not a lost
// answer: the request is not sent again.
type tooLongError struct{ limit int64 }

func (e *tooLongError) Error() string {
	return fmt.Sprintf("vehicle: the session's snapshot is longer than %d MiB, the most this client reads; "+
		"its capsule (the ride's capsule op) still reads, to carry its context to a new session", e.limit>>20)
}
