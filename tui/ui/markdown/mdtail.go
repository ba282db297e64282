package markdown

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
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

// tailMarkdown is what tail and Block need: a parser of glamour's markdown,
// the run styles and prefixes learnt so far (nil when one could not be
// learnt), and what code blocks need (mdcode.go).
type tailMarkdown struct {
	md       goldmark.Markdown
	styles   map[styleKey]*runStyle
	prefixes map[styleKey]*string
	code     codeDrawing
}

// styleKey is a run style (or a prefix) in a context.
type styleKey struct {
	ctx    blockContext
	in     inline
	prefix bool
}

// Tail draws an unfinished block as Block does.
func (m *Renderer) Tail(src string) []string { return m.Block(src) }

// paragraph draws src as glamour draws a paragraph of text, emphasis, code
// spans and strikethrough; ok is false for anything else.
func (m *Renderer) paragraph(src string) (lines []string, ok bool) {
	if !plainParagraph(src) {
		return nil, false
	}
	source := []byte(src)
	p := m.parse(source).FirstChild()
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

// runs writes a paragraph's inline children in their styles; false at a
// node that tail does not draw.
func (m *Renderer) runs(b *strings.Builder, n ast.Node, source []byte, in inline) bool {
	return m.runsIn(b, blockContext{}, n, source, in, " ") // glamour joins a paragraph's lines
}

// runsIn writes n's inline children in their styles in a context, a line
// break as br; false at a node that is not drawn here.
func (m *Renderer) runsIn(b *strings.Builder, ctx blockContext, n ast.Node, source []byte, in inline, br string) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			s := string(c.Segment.Value(source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				s += br
			}
			if !m.run(b, ctx, in, s) {
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
			if !m.run(b, ctx, inline{code: true}, code.String()) {
				return false
			}
		case *ast.Emphasis:
			next := in
			if c.Level > 1 {
				next.strong = true
			} else {
				next.emph = true
			}
			if in.strike || (next.strong == in.strong && next.emph == in.emph) || !m.runsIn(b, ctx, c, source, next, br) {
				return false
			}
		case *east.Strikethrough:
			if in != (inline{}) || !m.runsIn(b, ctx, c, source, inline{strike: true}, br) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// run writes one run of text in a style in a context.
func (m *Renderer) run(b *strings.Builder, ctx blockContext, in inline, s string) bool {
	if s == "" {
		return true
	}
	st := m.runStyleIn(ctx, in)
	if st == nil {
		return false
	}
	if *st == (runStyle{}) { // bare: no style to end
		b.WriteString(s)
		return true
	}
	b.WriteString(st.sgr)
	b.WriteString(st.prefix)
	b.WriteString(s)
	b.WriteString(st.suffix)
	b.WriteString("\x1b[m")
	return true
}

// runStyleIn is glamour's style of a run in a context: learnt once, by
// rendering the marker X in that markup there through glamour and reading
// what came before and after it; nil when glamour's output is not of that
// shape.
func (m *Renderer) runStyleIn(ctx blockContext, in inline) *runStyle {
	key := styleKey{ctx: ctx, in: in}
	if ctx.kind == "number" {
		key.ctx.level = 0 // one style for every number
	}
	if st, ok := m.t.styles[key]; ok {
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
	if out := m.RenderBlock(ctx.wrapMarker(md)); len(out) == 1 {
		st = learnStyle(out[0], ctx.kind == "")
	}
	m.t.styles[key] = st
	return st
}

// learnStyle reads a style from one rendered marker: an SGR sequence, the
// marker with what pads it, and a reset; or the marker bare, after nothing
// or after a reset, when glamour draws the run in the terminal's own colours
// (the document's text has none of its own). alone is whether the marker's
// run is the whole line (in a paragraph), or comes after a context's prefix.
func learnStyle(line string, alone bool) *runStyle {
	x := strings.IndexByte(line, 'X')
	if x < 0 || strings.Count(line, "X") != 1 {
		return nil
	}
	suffix, styled := strings.CutSuffix(line[x+1:], "\x1b[m")
	if strings.Contains(suffix, "\x1b") {
		return nil
	}
	start := strings.LastIndex(line[:x], "\x1b[")
	if start < 0 || strings.HasSuffix(line[:x], "\x1b[m") {
		if alone && x > 0 || suffix != "" { // alone, the run is the whole line
			return nil
		}
		return &runStyle{} // bare: the text as it is
	}
	if !styled || alone && start != 0 {
		return nil
	}
	sgrEnd := start + strings.IndexByte(line[start:], 'm') + 1
	if sgrEnd <= start || sgrEnd > x || strings.Contains(line[sgrEnd:x], "\x1b") {
		return nil
	}
	return &runStyle{sgr: line[start:sgrEnd], prefix: line[sgrEnd:x], suffix: suffix}
}
