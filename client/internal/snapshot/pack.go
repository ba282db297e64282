package snapshot

import (
	"bytes"

	"github.com/klauspost/compress/s2"
)

// packer compresses the blocks Read cuts, in order, on a goroutine of its
// own; the buffers the blocks are cut from go back to Read once their
// blocks are compressed (a few at most are in use, so the memory a read
// holds beyond the compressed blocks stays bounded).
type packer struct {
	jobs   chan packJob
	free   chan []byte
	made   int // buffers made
	size   int // a new buffer's capacity
	blocks []block
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
		blk := block{start: start, n: uint32(len(j.b))}
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
func (z *packer) close(last []byte) *Answer {
	close(z.jobs)
	<-z.done
	a := &Answer{blocks: z.blocks, size: z.n}
	if len(last) > 0 || len(a.blocks) == 0 {
		a.blocks = append(a.blocks, block{start: uint32(a.size), n: uint32(len(last)), raw: bytes.Clone(last)})
		a.size += len(last)
	}
	return a
}
