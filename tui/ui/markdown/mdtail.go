package markdown

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// A streaming reply's unfinished block is drawn again at every flush. Through
// glamour that costs about the same whatever the block's size (its writers
// pad every line to the width, byte by byte: some 0.2 to 0.8 ms a call here),
// so a reply streamed in 300 flushes spent a sixth of its CPU there. Most
// unfinished blocks are paragraphs, and a paragraph is glamour's simplest
// output: its inline runs, each in its style, wrapped at the width. tail
// draws such a paragraph itself, with the very styles glamour uses (learnt
// from glamour once per style, see runStyles) and the same wrap, so that the
// cells on the screen are glamour's; anything else (a heading, a list, code,
// a link, an escape, an entity, HTML) goes to glamour. Once the block is
// finished, glamour renders it, and the screen does not change.

// inline is a run's style: the markup around it.
type inline struct {
	emph, strong, strike, code bool
}

// runStyle is how glamour draws a run of a style: the SGR sequence before
// it and the text around it (a code span's padding).
type runStyle struct {
	sgr, prefix, suffix string
}

// tailMarkdown is what tail needs: a parser of glamour's markdown, and the
// run styles learnt so far (nil when a style could not be learnt).
type tailMarkdown struct {
	md     goldmark.Markdown
	styles map[inline]*runStyle
}

// Tail draws an unfinished block: itself when it is a plain paragraph,
// through glamour otherwise.
func (m *Renderer) Tail(src string) []string {
	if lines, ok := m.paragraph(src); ok {
		return lines
	}
	return m.RenderBlock(src)
}

// Paragraph draws src without glamour when it is a plain paragraph (as
// Tail would), and reports whether it was one.
func (m *Renderer) Paragraph(src string) ([]string, bool) { return m.paragraph(src) }

// paragraph draws src as glamour draws a paragraph of text, emphasis, code
// spans and strikethrough; ok is false for anything else.
func (m *Renderer) paragraph(src string) (lines []string, ok bool) {
	if !plainParagraph(src) {
		return nil, false
	}
	if m.t.md == nil {
		m.t.md = goldmark.New(goldmark.WithExtensions(extension.GFM))
		m.t.styles = make(map[inline]*runStyle)
	}
	source := []byte(src)
	doc := m.t.md.Parser().Parse(text.NewReader(source))
	p := doc.FirstChild()
	if p == nil || p.Kind() != ast.KindParagraph || p.NextSibling() != nil {
		return nil, false
	}
	var b strings.Builder
	if !m.runs(&b, p, source, inline{}) {
		return nil, false
	}
	return tidyLines(lipgloss.Wrap(b.String(), m.width, ""), m.width), true
}

// plainParagraph reports whether src can only be a paragraph of inline text
// that tail draws: no line opens another block, and no character that
// glamour treats specially (escapes, entities, HTML, links, images) is in
// it.
func plainParagraph(src string) bool {
	if strings.TrimSpace(src) == "" || strings.ContainsAny(src, "\\&<>[]!|\t\r") {
		return false
	}
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimLeft(line, " ")
		if len(line)-len(t) > 3 || t == "" {
			return false
		}
		switch t[0] {
		case '#', '>', '-', '+', '*', '=', '_', '`', '~', ':':
			if t[0] != '*' && t[0] != '_' && t[0] != '`' && t[0] != '~' || startsBlock(t) {
				return false
			}
		case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if i := strings.IndexAny(t, ".)"); i > 0 && i < 10 && strings.Trim(t[:i], "0123456789") == "" {
				return false
			}
		}
	}
	return !strings.Contains(src, "://") && !strings.Contains(src, "www.") && !strings.Contains(src, "@")
}

// startsBlock reports whether a line that starts with *, _, ` or ~ opens a
// block (a list item, a thematic break, a fence) rather than inline markup.
func startsBlock(t string) bool {
	if t[0] == '*' && (len(t) == 1 || t[1] == ' ') {
		return true
	}
	if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		return true
	}
	rule := strings.ReplaceAll(t, " ", "")
	return len(rule) >= 3 && strings.Trim(rule, rule[:1]) == ""
}

// runs writes n's inline children in their styles; false at a node that
// tail does not draw.
func (m *Renderer) runs(b *strings.Builder, n ast.Node, source []byte, in inline) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			s := string(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				s += " " // glamour joins a paragraph's lines
			}
			if !m.run(b, in, s) {
				return false
			}
		case *ast.CodeSpan:
			if in != (inline{}) {
				return false
			}
			var code strings.Builder
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				seg, ok := t.(*ast.Text)
				if !ok {
					return false
				}
				code.Write(seg.Segment.Value(source))
			}
			if !m.run(b, inline{code: true}, code.String()) {
				return false
			}
		case *ast.Emphasis:
			next := in
			if c.Level > 1 {
				next.strong = true
			} else {
				next.emph = true
			}
			if in.strike || (next.strong == in.strong && next.emph == in.emph) || !m.runs(b, c, source, next) {
				return false
			}
		case *east.Strikethrough:
			if in != (inline{}) || !m.runs(b, c, source, inline{strike: true}) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// run writes one run of text in a style.
func (m *Renderer) run(b *strings.Builder, in inline, s string) bool {
	if s == "" {
		return true
	}
	st := m.runStyle(in)
	if st == nil {
		return false
	}
	b.WriteString(st.sgr)
	b.WriteString(st.prefix)
	b.WriteString(s)
	b.WriteString(st.suffix)
	b.WriteString("\x1b[m")
	return true
}

// runStyle is glamour's style of a run: learnt once, by rendering the
// marker X in that markup through glamour and reading what came before and
// after it; nil when glamour's output is not of that shape.
func (m *Renderer) runStyle(in inline) *runStyle {
	if st, ok := m.t.styles[in]; ok {
		return st
	}
	md := "X"
	switch {
	case in.code:
		md = "`X`"
	case in.strike:
		md = "~~X~~"
	}
	if in.emph {
		md = "*" + md + "*"
	}
	if in.strong {
		md = "**" + md + "**"
	}
	var st *runStyle
	if out := m.RenderBlock(md); len(out) == 1 {
		st = learnStyle(out[0])
	}
	m.t.styles[in] = st
	return st
}

// learnStyle reads a style from one rendered marker: an SGR sequence, the
// marker with what pads it, and a reset.
func learnStyle(line string) *runStyle {
	x := strings.IndexByte(line, 'X')
	if x < 0 || !strings.HasPrefix(line, "\x1b[") || !strings.HasSuffix(line, "\x1b[m") {
		return nil
	}
	sgrEnd := strings.IndexByte(line, 'm') + 1
	if sgrEnd <= 0 || sgrEnd > x || strings.Contains(line[sgrEnd:x], "\x1b") {
		return nil
	}
	suffix := strings.TrimSuffix(line[x+1:], "\x1b[m")
	if strings.Contains(suffix, "\x1b") || strings.Count(line, "X") != 1 {
		return nil
	}
	return &runStyle{sgr: line[:sgrEnd], prefix: line[sgrEnd:x], suffix: suffix}
}
