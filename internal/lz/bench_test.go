package lz

import (
	"bytes"
	"compress/flate"
	"io"
	"testing"
)

// The benchmarks encode and decode the realistic corpus in 64 KiB blocks and
// report MB/s of uncompressed data and the compression ratio.

func corpusBytes(blocks [][]byte) int64 {
	var n int64
	for _, b := range blocks {
		n += int64(len(b))
	}
	return n
}

// benchEncode reports what compressing every block with enc costs: MB/s of
// uncompressed data, and the ratio.
func benchEncode(b *testing.B, enc func(blk []byte) int) {
	blocks := corpusBlocks(b)
	var comp int
	b.SetBytes(corpusBytes(blocks))
	b.ResetTimer()
	for b.Loop() {
		comp = 0
		for _, blk := range blocks {
			comp += enc(blk)
		}
	}
	b.ReportMetric(float64(corpusBytes(blocks))/float64(comp), "ratio")
}

func BenchmarkEncode(b *testing.B) {
	var e Encoder
	var buf []byte
	benchEncode(b, func(blk []byte) int {
		buf = e.Append(buf[:0], blk)
		return len(buf)
	})
}

func BenchmarkDecode(b *testing.B) {
	blocks := corpusBlocks(b)
	var e Encoder
	comp := make([][]byte, len(blocks))
	var total int
	for i, blk := range blocks {
		comp[i] = e.Append(nil, blk)
		total += len(comp[i])
	}
	dst := make([]byte, 0, blockSize)
	b.SetBytes(corpusBytes(blocks))
	b.ResetTimer()
	for b.Loop() {
		for _, c := range comp {
			var err error
			if dst, err = Decode(dst, c); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(corpusBytes(blocks))/float64(total), "ratio")
}

func BenchmarkFlateEncode(b *testing.B) {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		b.Fatal(err)
	}
	benchEncode(b, func(blk []byte) int {
		buf.Reset()
		w.Reset(&buf)
		w.Write(blk)
		w.Close()
		return buf.Len()
	})
}

func BenchmarkFlateDecode(b *testing.B) {
	blocks := corpusBlocks(b)
	comp := make([][]byte, len(blocks))
	var total int
	for i, blk := range blocks {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestSpeed)
		w.Write(blk)
		w.Close()
		comp[i] = buf.Bytes()
		total += len(comp[i])
	}
	dst := make([]byte, blockSize)
	r := flate.NewReader(nil)
	b.SetBytes(corpusBytes(blocks))
	b.ResetTimer()
	for b.Loop() {
		for i, c := range comp {
			r.(flate.Resetter).Reset(bytes.NewReader(c), nil)
			n, err := io.ReadFull(r, dst[:len(blocks[i])])
			if err != nil || n != len(blocks[i]) {
				b.Fatal(n, err)
			}
		}
	}
	b.ReportMetric(float64(corpusBytes(blocks))/float64(total), "ratio")
}
