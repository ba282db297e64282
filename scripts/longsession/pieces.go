//go:build unix

package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// codeCursor walks the .go files in passes: pass p takes from each file its
// pieces from p*piecesPerPass on, piecesPerPass of them at most; after a pass
// that found none it starts again from the first.
type codeCursor struct {
	c       *corpus
	pass    int
	next    int      // the file after the current one
	gave    int      // the files that gave pieces this pass
	file    string   // the current file
	pending []string // its pieces still to give
}

// take is the next piece of code and its file.
func (k *codeCursor) take() (file, piece string, err error) {
	for len(k.pending) == 0 {
		if k.next == len(k.c.files) { // the pass is over
			switch {
			case k.gave > 0:
				k.pass++
			case k.pass > 0:
				k.pass = 0
			default:
				return "", "", fmt.Errorf("no .go file gives a piece of code")
			}
			k.next, k.gave = 0, 0
		}
		k.file = k.c.files[k.next]
		k.next++
		src, err := k.c.read(k.file)
		if err != nil {
			return "", "", err
		}
		pieces := cut(stripHeader(src), codeMin, codeMax)
		lo := min(k.pass*piecesPerPass, len(pieces))
		k.pending = pieces[lo:min(lo+piecesPerPass, len(pieces))]
		if len(k.pending) > 0 {
			k.gave++
		}
	}
	piece = k.pending[0]
	k.pending = k.pending[1:]
	return k.file, piece, nil
}

// pieceCursor walks the notes (.md and .txt files) piece by piece, then
// starts again.
type pieceCursor struct {
	c       *corpus
	next    int
	file    string
	offsets []int
	pending []string
}

// take is the next piece of a note, its file and its offset in it.
func (k *pieceCursor) take() (file string, offset int, piece string, err error) {
	for tries := 0; len(k.pending) == 0; tries++ {
		if tries > len(k.c.docs) {
			return "", 0, "", fmt.Errorf("no note gives a piece")
		}
		k.file = k.c.docs[k.next%len(k.c.docs)]
		k.next++
		src, err := k.c.read(k.file)
		if err != nil {
			return "", 0, "", err
		}
		k.pending = cut(src, resultMin, resultMax)
		k.offsets = k.offsets[:0]
		at := 0
		for _, p := range k.pending {
			off := strings.Index(src[at:], p)
			if off < 0 {
				off = 0
			}
			k.offsets = append(k.offsets, at+off)
			at += off
		}
	}
	piece, offset = k.pending[0], k.offsets[0]
	k.pending, k.offsets = k.pending[1:], k.offsets[1:]
	return k.file, offset, piece, nil
}

// sentenceCursor walks the .go files' comments sentence by sentence, from
// file next on, then starts again.
type sentenceCursor struct {
	c        *corpus
	next     int
	min, max int
	pending  []string
}

// take is the next sentence, and the one after it if the first is shorter
// than short and both fit in long bytes.
func (k *sentenceCursor) take(short, long int) (string, error) {
	first, err := k.sentence()
	if err != nil || len(first) >= short {
		return first, err
	}
	if err := k.fill(); err != nil {
		return "", err
	}
	if len(first)+1+len(k.pending[0]) > long {
		return first, nil
	}
	second, err := k.sentence()
	return first + " " + second, err
}

// sentence is the next sentence.
func (k *sentenceCursor) sentence() (string, error) {
	if err := k.fill(); err != nil {
		return "", err
	}
	s := k.pending[0]
	k.pending = k.pending[1:]
	return s, nil
}

// fill reads files until there is a sentence to give.
func (k *sentenceCursor) fill() error {
	for tries := 0; len(k.pending) == 0; tries++ {
		if tries > len(k.c.files) {
			return fmt.Errorf("no .go file has a comment")
		}
		src, err := k.c.read(k.c.files[k.next%len(k.c.files)])
		k.next++
		if err != nil {
			return err
		}
		k.pending = sentences(src, k.min, k.max)
	}
	return nil
}

// stripHeader drops a Go file's leading copyright comment and the blank
// lines after it.
func stripHeader(src string) string {
	if !strings.HasPrefix(src, "// Copyright") {
		return src
	}
	rest := src
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		if !strings.HasPrefix(line, "//") {
			break
		}
		rest = after
	}
	return strings.TrimLeft(rest, "\n")
}

// cut cuts text into pieces of whole lines, at least lo bytes and at most hi
// (a longer line is clipped), each ending where a blank line or a closing
// brace lets it once it has lo; a last piece shorter than lo/2 is dropped.
func cut(text string, lo, hi int) []string {
	var pieces []string
	var b strings.Builder
	emit := func() {
		if p := strings.Trim(b.String(), "\n"); strings.TrimSpace(p) != "" {
			pieces = append(pieces, p+"\n")
		}
		b.Reset()
	}
	for line := range strings.Lines(text) {
		if !strings.HasSuffix(line, "\n") {
			line += "\n"
		}
		if len(line) > hi {
			line = clipUTF8(line, hi-1) + "\n"
		}
		if b.Len() == 0 && strings.TrimSpace(line) == "" {
			continue
		}
		if b.Len()+len(line) > hi {
			emit()
		}
		b.WriteString(line)
		if b.Len() >= lo && (strings.TrimSpace(line) == "" || line == "}\n" || line == ")\n") {
			emit()
		}
	}
	if b.Len() >= lo/2 {
		emit()
	}
	return pieces
}

// sentences are the sentences of a Go file's comments, between lo and hi
// bytes: the lines that begin with // (directives, license lines and
// indented examples left out) joined into paragraphs, cut after each ". "
// before a capital.
func sentences(src string, lo, hi int) []string {
	var out []string
	var para []string
	flush := func() {
		text := strings.Join(para, " ")
		para = para[:0]
		if strings.Contains(text, "Copyright") || strings.Contains(text, "license") || strings.Contains(text, "DO NOT EDIT") {
			return
		}
		for text != "" {
			end, next := len(text), ""
			for j := 0; ; j += 2 {
				k := strings.Index(text[j:], ". ")
				if k < 0 {
					break
				}
				j += k
				if r, _ := utf8.DecodeRuneInString(text[j+2:]); unicode.IsUpper(r) {
					end, next = j+1, text[j+2:]
					break
				}
			}
			s := text[:end]
			text = next
			r, _ := utf8.DecodeRuneInString(s)
			if len(s) >= lo && len(s) <= hi && unicode.IsUpper(r) && strings.HasSuffix(s, ".") {
				out = append(out, s)
			}
		}
	}
	for line := range strings.Lines(src) {
		t := strings.TrimSpace(line)
		body, ok := strings.CutPrefix(t, "//")
		switch {
		case !ok, strings.HasPrefix(body, "go:"), strings.HasPrefix(body, "line "), strings.HasPrefix(body, "export "),
			strings.HasPrefix(body, "+build"), strings.HasPrefix(body, "\t"), strings.HasPrefix(body, "  "),
			strings.TrimSpace(body) == "":
			flush()
		default:
			para = append(para, strings.TrimSpace(body))
		}
	}
	flush()
	return out
}

// clipUTF8 is s cut to at most n bytes on a rune boundary.
func clipUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
