package markdown

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Beyond a paragraph (mdtail.go), the blocks an assistant writes most are
// headings, lists, quotes and code. Through glamour each costs a whole
// pass of its writers (and, for code, chroma's formatter building its
// colour table again): a reply of 20 KB spent most of its markdown time
// there, on its finished blocks once and on its unfinished tail at every
// few flushes. Block draws these shapes itself, the way glamour's own
// elements do: the same parse (goldmark with GFM), the same styles (learnt
// from glamour, once per style: what it draws before and after a marker
// X), the same wraps at the same widths with the same breakpoints, and for
// code the same lexer, tokens and formatter. What it does not know (nested
// lists, tasks, links, HTML, tables, several blocks in one) goes to
// glamour. TestBlocksDrawLikeGlamour holds the cells equal.

// glamour's breakpoints where it wraps a block (BlockElement.Finish).
const blockBreaks = " ,.;-+|"

// Block draws a markdown block, finished or still streaming in: itself
// when it is a paragraph, a heading, a list, a quote or a fenced code block
// of a shape it draws, through glamour otherwise. The cells are glamour's
// either way.
func (m *Renderer) Block(src string) []string {
	if lines, ok := m.drawBlock(src); ok {
		return lines
	}
	return m.RenderBlock(src)
}

// DrawBlock draws src without glamour, as Block would, when it is a block
// of a shape drawn so; ok is false for any other (which Block leaves to
// glamour).
func (m *Renderer) DrawBlock(src string) (lines []string, ok bool) { return m.drawBlock(src) }

// parse parses src as glamour does.
func (m *Renderer) parse(src []byte) ast.Node {
	if m.t.md == nil {
		m.t.md = goldmark.New(goldmark.WithExtensions(extension.GFM))
		m.t.styles = make(map[styleKey]*runStyle)
	}
	return m.t.md.Parser().Parse(text.NewReader(src))
}

// drawBlock draws src without glamour; ok is false for a block it does not
// draw.
func (m *Renderer) drawBlock(src string) (lines []string, ok bool) {
	if strings.TrimSpace(src) == "" {
		return nil, false
	}
	if lines, ok := m.paragraph(src); ok {
		return lines, true
	}
	if isFence(src) {
		return m.code(src)
	}
	if !plainInline(withoutQuoteMarks(src)) {
		return nil, false
	}
	source := []byte(src)
	n := m.parse(source).FirstChild()
	if n == nil || n.NextSibling() != nil {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.Heading:
		return m.heading(n, source)
	case *ast.List:
		return m.list(n, source)
	case *ast.Blockquote:
		return m.quote(n, source)
	}
	return nil, false
}

// isFence reports whether src opens with a code fence.
func isFence(src string) bool {
	t := strings.TrimLeft(src, " ")
	return len(src)-len(t) <= 3 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"))
}

// plainInline reports whether src holds no character that glamour treats
// specially in inline text (escapes, entities, HTML, links, images, tables,
// autolinks, tabs).
func plainInline(src string) bool {
	return !strings.ContainsAny(src, "\\&<>[]!|\t\r") && !strings.Contains(src, "://") &&
		!strings.Contains(src, "www.") && !strings.Contains(src, "@")
}

// withoutQuoteMarks is src without the quote marks (and the spaces around
// them) that open its lines: the text a quote's inline markup is read from.
func withoutQuoteMarks(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " >")
	}
	return strings.Join(lines, "\n")
}

// heading draws an ATX heading of plain text: glamour's prefix for its
// level, the text in the heading's style, wrapped at the width.
func (m *Renderer) heading(n *ast.Heading, source []byte) ([]string, bool) {
	if !atxHeading(string(source)) || n.FirstChild() == nil {
		return nil, false
	}
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || t.SoftLineBreak() || t.HardLineBreak() {
			return nil, false
		}
		b.Write(t.Segment.Value(source))
	}
	ctx := blockContext{kind: "heading", level: n.Level}
	pre, st := m.contextPrefix(ctx), m.runStyleIn(ctx, inline{})
	if pre == nil || st == nil {
		return nil, false
	}
	flow := lipgloss.Wrap(*pre+st.sgr+st.prefix+b.String()+st.suffix+"\x1b[m", m.width, "")
	return tidyLines(lipgloss.Wrap(flow, m.width, blockBreaks), m.width), true
}

// atxHeading reports whether src is one line that opens with a heading's
// hashes (a setext heading, underlined, is left to glamour).
func atxHeading(src string) bool {
	return strings.HasPrefix(strings.TrimLeft(src, " "), "#") && !strings.Contains(src, "\n")
}

// list draws a list of one level whose items are each one line of inline
// text: glamour's bullet (or number) before each, the items' text in the
// list's styles, wrapped at the width with glamour's breakpoints.
func (m *Renderer) list(n *ast.List, source []byte) ([]string, bool) {
	var b strings.Builder
	num := n.Start
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		block := item.FirstChild() // nil for an item with no text yet ("- ")
		if item.Kind() != ast.KindListItem || block != nil && (block.NextSibling() != nil ||
			block.Kind() != ast.KindTextBlock || block.FirstChild() == nil) {
			return nil, false
		}
		ctx := blockContext{kind: "bullet"}
		if n.IsOrdered() {
			ctx = blockContext{kind: "number", level: num, marker: n.Marker}
			num++
		}
		pre := m.contextPrefix(ctx)
		if pre == nil {
			return nil, false
		}
		if item != n.FirstChild() {
			b.WriteString("\n")
		}
		b.WriteString(*pre)
		if block != nil && !m.runsIn(&b, blockContext{kind: "item"}, block, source, inline{}, "\n") {
			return nil, false
		}
	}
	flow := lipgloss.Wrap(b.String(), m.width, blockBreaks)
	return tidyLines(lipgloss.Wrap(flow, m.width, blockBreaks), m.width), true
}

// quote draws a quote of one paragraph: its text wrapped at the width
// glamour gives a quote's paragraph, each line after glamour's quote mark.
func (m *Renderer) quote(n *ast.Blockquote, source []byte) ([]string, bool) {
	p := n.FirstChild()
	if p == nil || p.NextSibling() != nil || p.Kind() != ast.KindParagraph {
		return nil, false
	}
	ctx := blockContext{kind: "quote"}
	pre := m.contextPrefix(ctx)
	if pre == nil {
		return nil, false
	}
	var b strings.Builder
	if !m.runsIn(&b, ctx, p, source, inline{}, " ") {
		return nil, false
	}
	// glamour wraps a quote's text at the width less the quote's indent
	// (counted in indent tokens, not cells), draws the token before each
	// line, and wraps the whole at the width again: a line as wide as the
	// quote's width spills its last word onto a line without the token.
	inner := m.width
	if q := glamourStyle(m.style).BlockQuote; q.Indent != nil {
		inner -= int(*q.Indent)
	}
	flow := lipgloss.Wrap(lipgloss.Wrap(b.String(), inner, ""), inner, blockBreaks)
	var out strings.Builder
	for i, l := range strings.Split(flow, "\n") {
		if i > 0 {
			out.WriteString("\n")
		}
		out.WriteString(*pre + l)
	}
	return tidyLines(lipgloss.Wrap(out.String(), m.width, blockBreaks), m.width), true
}

// blockContext is where a run of text or a prefix is drawn: a paragraph
// (""), a heading of a level, a list's bullet or number, an item's text, a
// quote.
type blockContext struct {
	kind   string
	level  int  // a heading's level; a number's value
	marker byte // an ordered list's delimiter
}

// wrapMarker is the markdown of src (a marker, with its inline markup) in
// the context: what glamour is asked to draw to learn the context's styles.
func (c blockContext) wrapMarker(src string) string {
	switch c.kind {
	case "heading":
		return strings.Repeat("#", c.level) + " " + src
	case "bullet", "item":
		return "- " + src
	case "number":
		return strconv.Itoa(c.level) + string(c.marker) + " " + src
	case "quote":
		return "> " + src
	}
	return src
}

// contextPrefix is what glamour draws before a context's text (a bullet, a
// number, a quote's mark, a heading's hashes), learnt by drawing the marker
// X there: what comes before X's run; nil when glamour's drawing is not of
// that shape.
func (m *Renderer) contextPrefix(c blockContext) *string {
	key := styleKey{ctx: c, prefix: true}
	if p, ok := m.t.prefixes[key]; ok {
		return p
	}
	if m.t.prefixes == nil {
		m.t.prefixes = make(map[styleKey]*string)
	}
	var p *string
	text := m.runStyleIn(blockContext{kind: c.textKind(), level: c.level}, inline{})
	if out := m.RenderBlock(c.wrapMarker("X")); len(out) == 1 && text != nil {
		if i := strings.Index(out[0], text.sgr+text.prefix+"X"); i >= 0 && !strings.Contains(out[0][:i], "X") &&
			xansi.Strip(out[0][:i]) != "" {
			pre := out[0][:i]
			p = &pre
		}
	}
	m.t.prefixes[key] = p
	return p
}

// textKind is the context of the text that follows a prefix.
func (c blockContext) textKind() string {
	switch c.kind {
	case "bullet", "number":
		return "item"
	}
	return c.kind
}
