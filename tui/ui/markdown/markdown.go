// Package markdown renders an assistant's markdown as the UI draws it:
// glamour in the UI's style, one block at a time, SGR styling only. The
// transcript and the picker's preview share it.
package markdown

import (
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Renderer renders assistant text with glamour, one block at a time: a block
// ends at a blank line outside a code fence. Its output keeps SGR styling
// only (no hyperlinks or other sequences) and no trailing padding. It is not
// safe for concurrent use.
type Renderer struct {
	style string
	width int
	r     *glamour.TermRenderer
	t     tailMarkdown // a streaming paragraph's drawing without glamour (mdtail.go)
}

// New makes a renderer for a glamour style (theme.Markdown*) and a
// wrap width.
func New(style string, width int) *Renderer {
	return &Renderer{style: style, width: max(width, 10)}
}

// renderer is the glamour renderer, made on first use.
func (m *Renderer) renderer() *glamour.TermRenderer {
	if m.r != nil {
		return m.r
	}
	r, err := glamour.NewTermRenderer(glamour.WithStyles(glamourStyle(m.style)), glamour.WithWordWrap(m.width))
	if err == nil {
		m.r = r
	}
	return m.r
}

// glamourStyle is a standard style without the document's margins and
// blank lines, which the transcript draws itself, and without the
// document's colour: a reply's text is in the terminal's own foreground, as
// the rest of the body text is (theme.Palette.Text), readable on any
// background and not sent again before every run of a streaming reply.
func glamourStyle(name string) ansi.StyleConfig {
	var c ansi.StyleConfig
	switch name {
	case theme.MarkdownDark:
		c = styles.DarkStyleConfig
	case theme.MarkdownLight:
		c = styles.LightStyleConfig
	default:
		c = styles.NoTTYStyleConfig
	}
	if c.CodeBlock.Chroma != nil { // code in this style's own colours (mdchroma.go)
		chromaStyles()
		c.CodeBlock.Theme, c.CodeBlock.Chroma = chromaName(name), nil
	}
	zero := uint(0)
	c.Document.Margin = &zero
	c.Document.BlockPrefix, c.Document.BlockSuffix = "", ""
	c.Document.Color = nil
	return c
}

// Render renders a whole text (already sanitized). Blocks found in reuse,
// rendered earlier at this width, are not rendered again.
func (m *Renderer) Render(src string, reuse []Block) []string {
	blocks, tail := SplitBlocks(src)
	if strings.TrimSpace(tail) != "" {
		blocks = append(blocks, tail)
	}
	var out []string
	for i, b := range blocks {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, m.block(b, reuse)...)
	}
	return out
}

// block renders one block (Block), or takes it from reuse.
func (m *Renderer) block(src string, reuse []Block) []string {
	for _, r := range reuse {
		if r.Src == src {
			return r.Lines
		}
	}
	return m.Block(src)
}

// RenderBlock renders one block with glamour; without a renderer it falls
// back to plain wrapped text.
func (m *Renderer) RenderBlock(src string) []string {
	r := m.renderer()
	if r == nil {
		return m.plain(src)
	}
	out, err := r.Render(literalTags(src))
	if err != nil {
		return m.plain(src)
	}
	return tidyLines(out, m.width)
}

// plain wraps text without markdown.
func (m *Renderer) plain(src string) []string {
	return ui.WrapPlain(src, m.width)
}

// Block is a finished markdown block and its rendering.
type Block struct {
	Src   string   // the block's markdown
	Lines []string // its rendering
}

// SplitBlocks cuts markdown into the blocks that are finished (followed by a
// blank line outside a code fence) and the unfinished tail.
func SplitBlocks(src string) (blocks []string, tail string) {
	start, fence := 0, ""
	for i := 0; i < len(src); {
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		line := src[i : i+j]
		next := i + j + 1
		fence = FenceAfter(line, fence)
		if fence == "" && strings.TrimSpace(line) == "" {
			if b := src[start:i]; strings.TrimSpace(b) != "" {
				blocks = append(blocks, strings.TrimRight(b, "\n"))
			}
			start = next
		}
		i = next
	}
	return blocks, src[start:]
}

// FenceAfter is the open code fence after line ("" for none), given the one
// open before it.
func FenceAfter(line, open string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return open
	}
	for _, f := range [...]string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			if open == "" {
				return f
			}
			if open == f && strings.TrimSpace(strings.TrimLeft(t, f[:1])) == "" {
				return ""
			}
		}
	}
	return open
}

// tidyLines splits glamour's output into lines: only SGR sequences kept,
// trailing padding cut, leading and trailing blank lines dropped, each line
// at most width cells.
func tidyLines(out string, width int) []string {
	raw := strings.Split(out, "\n")
	lines := make([]string, 0, len(raw))
	for _, l := range raw {
		lines = append(lines, tidyLine(l, width))
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// tidyLine keeps a line's text and SGR sequences, drops every other escape
// sequence and control, and cuts trailing spaces.
func tidyLine(l string, width int) string {
	var b strings.Builder
	b.Grow(len(l))
	end, styled := 0, false // end: output length up to the last visible non-space
	for i := 0; i < len(l); {
		c := l[i]
		switch {
		case c == 0x1b:
			n, keep := escapeLen(l[i:])
			if keep {
				b.WriteString(l[i : i+n])
				styled = true
			}
			i += n
		case c < 0x20 || c == 0x7f:
			i++
		default:
			b.WriteByte(c)
			if c != ' ' {
				end = b.Len()
			}
			i++
		}
	}
	s := b.String()[:end]
	if styled && end > 0 {
		s += "\x1b[m"
	}
	if xansi.StringWidth(s) > width {
		s = xansi.Truncate(s, width, "…")
	}
	return s
}

// escapeLen is the length of the escape sequence at the start of s and
// whether it is an SGR sequence (CSI ... m), the only kind kept.
func escapeLen(s string) (int, bool) {
	if len(s) < 2 {
		return len(s), false
	}
	switch s[1] {
	case '[':
		for i := 2; i < len(s); i++ {
			if c := s[i]; c >= 0x40 && c <= 0x7e {
				return i + 1, c == 'm'
			}
		}
		return len(s), false
	case ']', 'P', '_', '^', 'X':
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1, false
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2, false
			}
		}
		return len(s), false
	}
	return 2, false
}

// Width is the width the renderer wraps to.
func (m *Renderer) Width() int { return m.width }
