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

func BenchmarkEncode(b *testing.B) {
	blocks := corpusBlocks(b)
	var e Encoder
	var buf []byte
	var comp int
	b.SetBytes(corpusBytes(blocks))
	b.ResetTimer()
	for b.Loop() {
		comp = 0
		for _, blk := range blocks {
			buf = e.Append(buf[:0], blk)
			comp += len(buf)
		}
	}
	b.ReportMetric(float64(corpusBytes(blocks))/float64(comp), "ratio")
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
	blocks := corpusBlocks(b)
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		b.Fatal(err)
	}
	var comp int
	b.SetBytes(corpusBytes(blocks))
	b.ResetTimer()
	for b.Loop() {
		comp = 0
		for _, blk := range blocks {
			buf.Reset()
			w.Reset(&buf)
			w.Write(blk)
			w.Close()
			comp += buf.Len()
		}
	}
	b.ReportMetric(float64(corpusBytes(blocks))/float64(comp), "ratio")
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
