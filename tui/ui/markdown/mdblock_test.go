package markdown

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/sophia-labs/vehicle/theme"

	"github.com/sophia-labs/vehicle/internal/raceon"
)

// blockCorpus is blocks of the kinds Block draws itself, as assistants write
// them, with what makes them wrap, break and end unexpectedly: long words,
// punctuation glamour breaks at, wide characters, markup left open.
var blockCorpus = map[string][]string{
	"heading": {
		"# How the vehicle keeps a session",
		"## 3. The room",
		"### A heading long enough to wrap at the narrow width, and at the middle one too, with words",
		"#### Four", "##### Five levels deep", "###### Six, the last one",
		"## Closed heading ##",
		"## 日本語の見出し and wide ＡＢＣ letters that wrap",
	},
	"list": {
		"- the lease says who drives: one client at a time, renewed before it runs out\n" +
			"- a prompt is a command: `accepted`, then `delivered`, then `completed` or `failed`\n" +
			"- the room holds chimes from collaborators until the driver accepts one (12 so far)",
		"* star items with *emphasis* and **strong** words\n* and a second, longer item that goes on past the width of a narrow screen",
		"+ plus items\n+ with-hyphenated-words-that-break,at,commas;and;semicolons.and.dots+plus",
		"1. first\n2. second with `code`\n3. third, a long one that wraps around the edge of the screen at the narrow width",
		"7) seven\n8) eight",
		"9. nine\n10. ten, where the numbers grow wider",
		"- an item\ncontinued lazily on the next line\n- another",
		"- a " + strings.Repeat("verylongword", 12) + " after it",
		"- 日本語のテキスト and emoji 🚗 in an item that wraps around the edge",
		"- ***both*** and ~~struck~~ words, then _under_ and __score__",
	},
	"quote": {
		"> A reply streams as `message.delta` events; the `message.completed` with the same id " +
			"replaces the text streamed so far (section 3).",
		"> two lines\n> of one quote, joined",
		"> a quote\ncontinued lazily",
		"> *emphasis*, **strong** and a " + strings.Repeat("long", 20) + " word",
		"> short",
	},
	"code": {
		"```go\nfor st.Next() {\n\tev := st.Current()\n\tstate.Apply(ev) // section 4\n\tif ev.Type == \"run.settled\" {\n\t\tbreak\n\t}\n}\n```",
		"```python\ndef f(x):\n    return x * 2  # double\n\nprint(f(21))\n```",
		"```sh\nvehicle ride --session s1 --follow | jq '.type' > out.txt\n```",
		"```json\n{\"type\": \"message.delta\", \"value\": {\"delta\": \"more words\"}}\n```",
		"```\nplain text in a fence, no language given, and a long line that goes on and on past the width\n```",
		"```unknownlang\nsome text\n```",
		"~~~go\nx := 1\n~~~",
		"```go\nfunc long() { return aVeryLongIdentifierName + anotherVeryLongIdentifierName + yetAnotherOne }\n```",
		"```go\na := 1\n\nb := 2\n```",
	},
}

// TestBlocksDrawLikeGlamour: every prefix of the corpus's blocks (as a
// streaming tail is, and the block whole once finished) that Block draws
// itself draws the very cells glamour draws, in both styles and at three
// widths; and Block draws most of them itself.
func TestBlocksDrawLikeGlamour(t *testing.T) {
	for i, style := range []string{theme.MarkdownDark, theme.MarkdownLight} {
		for j, width := range []int{24, 60, 114} {
			t.Run(fmt.Sprintf("%s/%d", style, width), func(t *testing.T) {
				t.Parallel() // each style and width has its own renderers
				blocksDrawLikeGlamour(t, style, width, prefixes(2, 3*i+j))
			})
		}
	}
}

// prefixes is which prefixes of a block the exploration draws: every
// stride-th, each word's and line's end, and the whole block. Under -race
// (one goroutine: the detector finds nothing; .ci/run runs it whole without
// it) it is every ninth prefix, from a phase that differs from one subtest to
// the next (so that the six together still draw prefixes of every length),
// each line's end and the whole block; a word's end comes in where a ninth
// falls on it.
func prefixes(stride, phase int) func(src string, end, n int) bool {
	if raceon.On {
		const raceStride = 9
		return func(src string, end, n int) bool {
			return end == n || end%raceStride == phase%raceStride || strings.HasSuffix(src, "\n")
		}
	}
	return func(src string, end, n int) bool {
		return end == n || end%stride == 0 || strings.HasSuffix(src, " ") || strings.HasSuffix(src, "\n")
	}
}

// blocksDrawLikeGlamour is TestBlocksDrawLikeGlamour in one style at one
// width, on the prefixes kept picks.
func blocksDrawLikeGlamour(t *testing.T, style string, width int, kept func(src string, end, n int) bool) {
	m, glam := New(style, width), New(style, width)
	ties := chromaTies(t, style)
	for kind, blocks := range blockCorpus {
		drawn, total := 0, 0
		for _, block := range blocks {
			if _, ok := m.drawBlock(block); !ok {
				t.Errorf("%s at %d: the whole %s %q was left to glamour", style, width, kind, block)
			}
			for end := 1; end <= len(block); end++ {
				src := block[:end]
				if !kept(src, end, len(block)) {
					continue
				}
				if strings.TrimSpace(src) == "" {
					continue
				}
				total++
				got, ok := m.drawBlock(src)
				if !ok {
					continue
				}
				drawn++
				want := glam.RenderBlock(src)
				if kind == "code" {
					got, want = untie(got, ties), untie(want, ties)
					if !sameCells(got, want, width) {
						// chroma gives each of its regexes 250 ms
						// (regexp2's MatchTimeout): under -race on a loaded
						// machine a match can run out, and a token of
						// either drawing falls to another rule. Once more.
						again, _ := m.drawBlock(src)
						got, want = untie(again, ties), untie(glam.RenderBlock(src), ties)
					}
				}
				if !sameCells(got, want, width) {
					t.Fatalf("%s at %d, %s %q:\n%s", style, width, kind, src, firstDiff(got, want, width))
				}
			}
		}
		if drawn*10 < total*8 {
			t.Errorf("%s at %d: Block drew %d of %d prefixes of the %s blocks itself", style, width, drawn, total, kind)
		}
	}
}

// TestBlockLeavesOthersToGlamour: what Block does not draw itself goes to
// glamour, whole.
func TestBlockLeavesOthersToGlamour(t *testing.T) {
	m := New(theme.MarkdownDark, 80)
	for _, src := range []string{"- outer\n  - nested", "- [ ] task", "- [x] done", "a [link](http://x.y)",
		"- see https://example.com", "> a <b>tag</b>", "> quote\n>\n> two paragraphs", "# Heading with `code`",
		"Setext\n===", "| a | b |\n|---|---|", "## heading\ntext under it", "```go\nx := 1\n```\nafter",
		"    indented code", "> - a list in a quote", "- item\n\n  second paragraph"} {
		if _, ok := m.drawBlock(src); ok {
			t.Errorf("%q was drawn without glamour", src)
		}
		if got, want := m.Block(src), m.RenderBlock(src); !sameCells(got, want, 80) {
			t.Errorf("Block(%q) = %q, not glamour's %q", src, got, want)
		}
	}
}

// TestCodeLexerLookedUpOnce: a code block's language is looked up once,
// however often its block is drawn as it streams in.
func TestCodeLexerLookedUpOnce(t *testing.T) {
	m := New(theme.MarkdownDark, 80)
	src := blockCorpus["code"][0]
	for end := 10; end <= len(src); end++ {
		m.Block(src[:end])
	}
	if len(m.t.code.lexers) != 1 || m.t.code.lexers["go"] == nil {
		t.Fatalf("lexers looked up: %v; want go's alone", m.t.code.lexers)
	}
	// The lexer kept for "go" is the one used: another put in its place
	// draws the same code otherwise.
	before := m.Block(src)
	m.t.code.lexers["go"] = lexers.Get("python")
	if after := m.Block(src); slices.Equal(before, after) {
		t.Fatal("the lexer was looked up again rather than taken from those kept by language")
	}
}

// firstDiff says where two renderings first differ.
func firstDiff(got, want []string, width int) string {
	for i := range min(len(got), len(want)) {
		if !sameCells(got[i:i+1], want[i:i+1], width) {
			return fmt.Sprintf("line %d of %d/%d:\nBlock:   %q\nglamour: %q", i, len(got), len(want), got[i], want[i])
		}
	}
	return fmt.Sprintf("%d lines against %d:\nBlock:   %q\nglamour: %q", len(got), len(want), got, want)
}

// chromaTies maps each 256-colour index that chroma's "terminal256"
// formatter may pick at random for a colour of glamour's code style to one
// index for all of them: its findClosest takes, of two palette colours at the
// same distance, whichever a map gives it first, anew at every drawing (so
// glamour draws such a comment in one grey or the next from one drawing to
// the other; Block learns one once). The palette is chroma's (xterm's).
func chromaTies(t *testing.T, glamourStyle string) map[string]string {
	t.Helper()
	basic := []string{"000000", "800000", "008000", "808000", "000080", "800080", "008080", "c0c0c0",
		"808080", "ff0000", "00ff00", "ffff00", "0000ff", "ff00ff", "00ffff", "ffffff"}
	palette := map[chroma.Colour]int{} // a colour listed twice keeps its last index, as chroma's map literal does
	for i, hex := range basic {
		palette[chroma.MustParseColour("#"+hex)] = i
	}
	level := []uint8{0, 95, 135, 175, 215, 255}
	for i := range 216 {
		palette[chroma.NewColour(level[i/36], level[i/6%6], level[i%6])] = 16 + i
	}
	for i := range 24 {
		g := uint8(8 + 10*i)
		palette[chroma.NewColour(g, g, g)] = 232 + i
	}
	chromaStyles()
	style := styles.Get(chromaName(glamourStyle))
	ties := map[string]string{}
	for _, tt := range style.Types() {
		e := style.Get(tt)
		if !e.Colour.IsSet() {
			continue
		}
		best, at := math.MaxFloat64, []int{}
		for c, i := range palette {
			switch d := c.Distance(e.Colour); {
			case d < best:
				best, at = d, []int{i}
			case d == best:
				at = append(at, i)
			}
		}
		slices.Sort(at)
		for _, i := range at {
			ties[fmt.Sprintf("38;5;%dm", i)] = fmt.Sprintf("38;5;%dm", at[0])
		}
	}
	return ties
}

// untie is lines with each colour chroma may pick at random for another
// written as that other (chromaTies).
func untie(lines []string, ties map[string]string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		for from, to := range ties {
			l = strings.ReplaceAll(l, "\x1b["+from, "\x1b["+to)
		}
		out[i] = l
	}
	return out
}
