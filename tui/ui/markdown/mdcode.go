package markdown

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
)

// A fenced code block, as glamour draws it (its CodeBlockElement): each
// line after an indent in the document's style, the code highlighted by
// chroma (the fence's language looked up by name, else guessed from the
// code; the "terminal256" formatter; the glamour style's chroma style), wrapped at
// the width with the document's breakpoints. glamour looks the lexer up
// and builds the formatter's colour table again at every drawing; here the
// lexer is looked up once per language and each token type's escape
// sequence learnt once from chroma's own formatter.

// Glamour's name for its chroma formatter (ansi/codeblock.go); the style is
// the glamour style's own (mdchroma.go).
const chromaFormatterName = "terminal256"

// codeDrawing is what drawing code needs, learnt on first use.
type codeDrawing struct {
	learnt bool
	ok     bool   // glamour's drawing of code was of the shape drawn here
	indent string // what glamour draws before each line
	style  *chroma.Style
	format chroma.Formatter
	sgr    map[chroma.TokenType]string // the formatter's sequence before a token of a type
	lexers map[string]chroma.Lexer     // lexers.Get by language, nil for none
}

// code draws a fenced code block (closed or still streaming in); ok is
// false when glamour's drawing of code could not be learnt, or src is more
// than one block.
func (m *Renderer) code(src string) ([]string, bool) {
	source := []byte(src)
	n, ok := m.parse(source).FirstChild().(*ast.FencedCodeBlock)
	if !ok || n.NextSibling() != nil || !m.learnCode() {
		return nil, false
	}
	var code strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		line := n.Lines().At(i)
		code.Write(line.Value(source))
	}
	it, err := chroma.Coalesce(m.lexer(string(n.Language(source)), code.String())).Tokenise(nil, code.String())
	if err != nil {
		return nil, false
	}
	c := &m.t.code
	var b strings.Builder
	b.WriteString("\n") // glamour enters a code block on a new line
	fresh := true       // at a line's start: the indent comes before what is written next
	for tok := it(); tok != chroma.EOF; tok = it() {
		sgr := c.tokenSGR(tok.Type)
		for i, piece := range strings.Split(tok.Value, "\n") {
			if i > 0 {
				b.WriteString("\n")
				fresh = true
			}
			if piece == "" && sgr == "" {
				continue
			}
			if fresh {
				b.WriteString(c.indent)
				fresh = false
			}
			b.WriteString(sgr + piece)
			if sgr != "" {
				b.WriteString("\x1b[0m")
			}
		}
	}
	return tidyLines(lipgloss.Wrap(b.String(), m.width, blockBreaks), m.width), true
}

// lexer is the lexer glamour (chroma's quick.Highlight) uses for code in a
// language: the language's, found by name once, else one guessed from the
// code, else chroma's fallback.
func (m *Renderer) lexer(lang, code string) chroma.Lexer {
	c := &m.t.code
	l, ok := c.lexers[lang]
	if !ok {
		l = lexers.Get(lang)
		c.lexers[lang] = l
	}
	if l == nil {
		l = lexers.Analyse(code)
	}
	if l == nil {
		l = lexers.Fallback
	}
	return l
}

// learnCode learns, once, how glamour draws code in this style: the indent
// before each line (from its drawing of a one-line block), its chroma style
// (which that drawing registers) and formatter. It reports whether code is
// drawn here.
func (m *Renderer) learnCode() bool {
	c := &m.t.code
	if c.learnt {
		return c.ok
	}
	c.learnt = true
	if glamourStyle(m.style).CodeBlock.Theme == "" {
		return false // glamour draws such code plainly
	}
	out := m.RenderBlock("```go\nX\n```") // a language found by name: its lookup is quick
	if len(out) != 1 {
		return false
	}
	x := strings.IndexByte(out[0], 'X')
	if x < 0 {
		return false
	}
	indent := trimSGR(out[0][:x]) // without the sequence of X's token
	if strings.Trim(xansi.Strip(indent), " ") != "" || xansi.StringWidth(indent) == 0 {
		return false
	}
	name := chromaName(m.style)
	c.style, c.format = styles.Get(name), formatters.Get(chromaFormatterName)
	if c.style == nil || c.style.Name != name || c.format == nil {
		return false
	}
	c.indent = indent + "\x1b[m"
	c.sgr = make(map[chroma.TokenType]string)
	c.lexers = make(map[string]chroma.Lexer)
	c.ok = true
	return true
}

// trimSGR is s without the SGR sequences at its end.
func trimSGR(s string) string {
	for {
		i := strings.LastIndex(s, "\x1b[")
		if i < 0 || !strings.HasSuffix(s, "m") || strings.Trim(s[i+2:len(s)-1], "0123456789;:") != "" {
			return s
		}
		s = s[:i]
	}
}

// tokenSGR is the sequence the formatter writes before a token of type t
// (none, "", for a token it writes bare), learnt from the formatter itself.
func (c *codeDrawing) tokenSGR(t chroma.TokenType) string {
	if s, ok := c.sgr[t]; ok {
		return s
	}
	var b strings.Builder
	_ = c.format.Format(&b, c.style, chroma.Literator(chroma.Token{Type: t, Value: "X"}))
	out := b.String()
	s, _, _ := strings.Cut(out, "X")
	c.sgr[t] = s
	return s
}
