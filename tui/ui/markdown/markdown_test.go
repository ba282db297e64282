package markdown

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/glamour/v2/ansi"
	"github.com/alecthomas/chroma/v2"

	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestSplitBlocks cuts markdown into finished blocks and the unfinished tail.
func TestSplitBlocks(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		blocks []string
		tail   string
	}{
		{"empty", "", nil, ""},
		{"one unfinished", "Hello wor", nil, "Hello wor"},
		{"finished and tail", "# Title\n\nSome text\n\nmore", []string{"# Title", "Some text"}, "more"},
		{"blank lines in a fence", "```go\na\n\nb\n```\n\nafter", []string{"```go\na\n\nb\n```"}, "after"},
		{"open fence is the tail", "intro\n\n```\ncode\n\nmore code", []string{"intro"}, "```\ncode\n\nmore code"},
		{"tilde fence", "~~~\nx\n\n~~~\n\n", []string{"~~~\nx\n\n~~~"}, ""},
		{"many blank lines", "a\n\n\n\nb\n\n", []string{"a", "b"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			blocks, tail := SplitBlocks(c.in)
			if !reflect.DeepEqual(blocks, c.blocks) || tail != c.tail {
				t.Errorf("SplitBlocks(%q) = %q, %q; want %q, %q", c.in, blocks, tail, c.blocks, c.tail)
			}
		})
	}
}

// TestTidyLine keeps SGR only and cuts padding and overflow.
func TestTidyLine(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "hello   ", "hello"},
		{"sgr kept", "\x1b[1mbold\x1b[m   \x1b[38;5;252m \x1b[m", "\x1b[1mbold\x1b[m"},
		{"osc 8 dropped", "\x1b]8;id=1;http://x\x07link\x1b]8;;\x07", "link"},
		{"osc with st dropped", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ ", "link"},
		{"other csi dropped", "a\x1b[2Jb", "ab"},
		{"controls dropped", "a\x07b", "ab"},
		{"all blank", "\x1b[38;5;252m    \x1b[m", ""},
		{"cut to width", "abcdefghijkl", "abcdefghi…"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := tidyLine(c.in, 10); got != c.want {
				t.Errorf("tidyLine(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// TestMarkdownRendersBlocks renders markdown inert and within its width, reusing blocks.
func TestMarkdownRendersBlocks(t *testing.T) {
	md := New(theme.MarkdownDark, 40)
	src := "## Title\n\nSome **bold** text and a [link](http://x.example).\n\n- one\n- two\n\n```go\nfmt.Println(1)\n```"
	lines := md.Render(src, nil)
	got := strings.Join(lines, "\n")
	for _, want := range []string{"Title", "bold", "http://x.example", "• one", "fmt.Println(1)"} {
		if !strings.Contains(uitest.StripSGR(got), want) {
			t.Errorf("rendering lacks %q:\n%s", want, uitest.StripSGR(got))
		}
	}
	uitest.CheckInert(t, got)
	for _, l := range lines {
		if w := len([]rune(uitest.StripSGR(l))); w > 40 {
			t.Errorf("line wider than 40: %q", uitest.StripSGR(l))
		}
	}
	blocks, _ := SplitBlocks(src + "\n\n")
	reuse := []Block{{Src: blocks[0], Lines: []string{"REUSED"}}}
	if again := md.Render(src, reuse); again[0] != "REUSED" {
		t.Errorf("a block rendered before is rendered again: %q", again[0])
	}
}

// TestReplyTextIsTheTerminals draws a reply's plain text in the terminal's
// own foreground in both styles, through glamour and without it (a
// streaming paragraph, a list's items): only markup that has a style of its
// own (emphasis, code, a heading) sends one.
func TestReplyTextIsTheTerminals(t *testing.T) {
	for _, style := range []string{theme.MarkdownDark, theme.MarkdownLight} {
		md := New(style, 60)
		for _, src := range []string{"plain words here", "- one item\n- two items"} {
			drawn, ok := md.DrawBlock(src)
			if !ok {
				t.Fatalf("%s: %q is not drawn without glamour", style, src)
			}
			for _, lines := range [][]string{drawn, md.RenderBlock(src)} {
				for _, l := range lines {
					if strings.Contains(l, "\x1b[38;") {
						t.Errorf("%s: %q drawn with a colour of its own: %q", style, src, l)
					}
				}
			}
		}
		if got := strings.Join(md.Block("some *stress* here"), ""); !strings.Contains(got, "\x1b[3m") {
			t.Errorf("%s: emphasis lost its style: %q", style, got)
		}
	}
}

// TestChromaStylesOwnTheirColours draws code in each style's own colours,
// through glamour and without it, whichever style drew code first: glamour
// alone keeps the first style's colours for both (its one chroma style
// name), and a light terminal got pale grey code on white.
func TestChromaStylesOwnTheirColours(t *testing.T) {
	v := reflect.TypeFor[ansi.Chroma]()
	for i := range v.NumField() {
		if _, err := chroma.TokenTypeString(v.Field(i).Name); err != nil {
			t.Errorf("ansi.Chroma.%s names no chroma token type: its colour would be lost", v.Field(i).Name)
		}
	}
	const src = "```go\nfmt.Println(\"x\") // say\n```"
	for _, first := range []string{theme.MarkdownDark, theme.MarkdownLight} {
		second := theme.MarkdownLight
		if first == second {
			second = theme.MarkdownDark
		}
		a, b := New(first, 60), New(second, 60)
		ga, gb := a.RenderBlock(src), b.RenderBlock(src)
		if reflect.DeepEqual(ga, gb) {
			t.Errorf("glamour draws code alike in %s and %s (after %s): %q", first, second, first, ga)
		}
		da, oka := a.DrawBlock(src)
		db, okb := b.DrawBlock(src)
		if !oka || !okb || reflect.DeepEqual(da, db) {
			t.Errorf("code drawn without glamour alike in %s and %s (or left to glamour: %v %v): %q", first, second, oka, okb, da)
		}
	}
}
