package markdown

import (
	"fmt"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	"github.com/sophia-labs/vehicle/theme"
)

// TestTailDrawsLikeGlamour: every prefix of paragraphs with emphasis, code
// spans and strikethrough (as a streaming tail is, markers unclosed
// included) draws, where tail draws it itself, the very cells glamour draws,
// in both styles and at a narrow and a wide width; the paragraphs it leaves
// to glamour are the ones it cannot draw.
func TestTailDrawsLikeGlamour(t *testing.T) {
	paragraphs := []string{
		"The **vehicle** keeps one driver at a time, and every `event` has a seq. A client that reconnects " +
			"resumes from its *last* seq, with no gap and ~~no~~ duplicate; ***both*** matter.",
		"Short *emphasis* and _underscores_, __strong__ words, a `code span with spaces` and a longword" +
			strings.Repeat("x", 50) + " after it.",
		"Two lines\njoined as one paragraph, with a hard break  \nand more.",
		"Punctuation: a, b; c - d + e | f. Numbers 1.5 and 2) and 3. at the end",
		"Unicode: naïve café, 日本語のテキスト, emoji 🚗 and wide ＡＢＣ text that wraps around the edge of the screen.",
		"Nested *emphasis with **strong** inside* and **strong with *emphasis* inside**.",
	}
	for _, style := range []string{theme.MarkdownDark, theme.MarkdownLight} {
		for _, width := range []int{24, 114} {
			t.Run(fmt.Sprintf("%s/%d", style, width), func(t *testing.T) {
				t.Parallel() // each style and width has its own renderers
				tailDrawsLikeGlamour(t, style, width, paragraphs)
			})
		}
	}
}

// tailDrawsLikeGlamour is TestTailDrawsLikeGlamour in one style at one
// width.
func tailDrawsLikeGlamour(t *testing.T, style string, width int, paragraphs []string) {
	m, glam := New(style, width), New(style, width)
	drawn := 0
	for _, p := range paragraphs {
		for end := 1; end <= len(p); end++ {
			src := p[:end]
			if !strings.HasSuffix(src, " ") && end < len(p) && end%3 != 0 {
				continue // every third prefix, and each word's end
			}
			got, ok := m.paragraph(src)
			if !ok {
				continue
			}
			drawn++
			if want := glam.RenderBlock(src); !sameCells(got, want, width) {
				t.Fatalf("%s at %d, %q:\ntail:    %q\nglamour: %q", style, width, src, got, want)
			}
		}
	}
	if drawn < 100 {
		t.Errorf("%s at %d: tail drew only %d prefixes itself", style, width, drawn)
	}
}

// TestTailLeavesBlocksToGlamour: what is not a plain paragraph is not drawn
// by tail.
func TestTailLeavesBlocksToGlamour(t *testing.T) {
	m := New(theme.MarkdownDark, 80)
	for _, src := range []string{"# Heading", "- item", "* item", "1. one", "> quote", "```go\nx := 1", "    code",
		"a [link](http://x.y)", "see https://example.com", "a <b>tag</b>", "an \\*escape", "AT&amp;T", "---", "***",
		"Setext\n===", "a | table |", "text\n- item"} {
		if _, ok := m.paragraph(src); ok {
			t.Errorf("%q was drawn as a paragraph", src)
		}
	}
}

// sameCells reports whether two renderings put the same cells on a screen:
// each cell's text and style.
func sameCells(a, b []string, width int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		ca, cb := cells(a[i], width), cells(b[i], width)
		for x := range ca {
			if ca[x].Content != cb[x].Content || !ca[x].Style.Equal(&cb[x].Style) {
				return false
			}
		}
	}
	return true
}

// cells is a line as drawn on a screen.
func cells(line string, width int) []uv.Cell {
	buf := uv.NewScreenBuffer(width+2, 1)
	uv.NewStyledString(line).Draw(buf, uv.Rect(0, 0, width+2, 1))
	out := make([]uv.Cell, width+2)
	for x := range out {
		if c := buf.CellAt(x, 0); c != nil {
			out[x] = *c
		}
	}
	return out
}
