package lz

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sophia-labs/vehicle/internal/goroot"
)

const (
	corpusSize = 8 << 20
	pieceSize  = 900
	blockSize  = 64 << 10
)

var corpus struct {
	once sync.Once
	data []byte
	err  error
}

// realisticCorpus returns ~8 MiB of JSON transcript items whose texts are
// ~900-byte pieces of the hand-written Go sources (no generated files,
// testdata or vendored code), walked in lexical order.
func realisticCorpus(tb testing.TB) []byte {
	tb.Helper()
	corpus.once.Do(func() { corpus.data, corpus.err = buildCorpus() })
	if corpus.err != nil {
		tb.Fatalf("building corpus: %v", corpus.err)
	}
	return corpus.data
}

var (
	errCorpusFull = errors.New("corpus full")
	generated     = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)
)

func buildCorpus() ([]byte, error) {
	root, err := goroot.Dir()
	if err != nil {
		return nil, err
	}
	root = filepath.Join(root, "src")
	type item struct {
		EntryID string `json:"entryId"`
		Role    string `json:"role"`
		Text    string `json:"text"`
	}
	var out []byte
	id := 0
	err = filepath.WalkDir(root, func(path string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if de.IsDir() && (de.Name() == "testdata" || de.Name() == "vendor") {
			return filepath.SkipDir
		}
		if de.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || generated.Match(src) {
			return err // generated tables would inflate the ratio
		}
		for len(src) > 0 {
			piece := src[:min(pieceSize, len(src))]
			src = src[len(piece):]
			id++
			j, err := json.Marshal(item{fmt.Sprintf("%016x", uint64(id)*0x9e3779b97f4a7c15), "assistant", string(piece)})
			if err != nil {
				return err
			}
			if len(out) > 0 {
				out = append(out, ',')
			}
			out = append(out, j...)
			if len(out) >= corpusSize {
				return errCorpusFull
			}
		}
		return nil
	})
	if err != errCorpusFull {
		if err == nil {
			err = fmt.Errorf("only %d bytes of Go sources under %s", len(out), root)
		}
		return nil, err
	}
	return out, nil
}

// corpusBlocks cuts the corpus into 64 KiB blocks.
func corpusBlocks(tb testing.TB) [][]byte {
	data := realisticCorpus(tb)
	var blocks [][]byte
	for len(data) > 0 {
		n := min(blockSize, len(data))
		blocks = append(blocks, data[:n])
		data = data[n:]
	}
	return blocks
}
