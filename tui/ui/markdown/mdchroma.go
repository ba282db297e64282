package markdown

import (
	"reflect"
	"strings"
	"sync"

	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"github.com/alecthomas/chroma/v2"
	chromastyles "github.com/alecthomas/chroma/v2/styles"

	"github.com/sophia-labs/vehicle/theme"
)

// glamour highlights code through a chroma style it registers under one
// name ("charm") for every style config, the first time it draws code: the
// colours of whichever style drew code first served the other too, so a
// light terminal got the dark style's pale grey code on white (upstream
// glamour issue 436). Each glamour style used here gets a chroma style of
// its own name instead, built from that style's code colours, and glamour is
// given the name.

// chromaStyles registers, once, a chroma style for each glamour style that
// has code colours, under chromaName of the style.
var chromaStyles = sync.OnceFunc(func() {
	for name, c := range map[string]ansi.StyleConfig{
		theme.MarkdownDark: styles.DarkStyleConfig, theme.MarkdownLight: styles.LightStyleConfig,
		theme.MarkdownPlain: styles.NoTTYStyleConfig,
	} {
		if c.CodeBlock.Chroma != nil {
			chromastyles.Register(chromaStyleOf(chromaName(name), *c.CodeBlock.Chroma))
		}
	}
})

// chromaName is the chroma style's name for a glamour style.
func chromaName(style string) string { return "vehicle-" + style }

// chromaStyleOf is a chroma style of the code colours: each field of
// ansi.Chroma is named after the token type it colours.
func chromaStyleOf(name string, c ansi.Chroma) *chroma.Style {
	entries := chroma.StyleEntries{}
	v := reflect.ValueOf(c)
	for i := range v.NumField() {
		t, err := chroma.TokenTypeString(v.Type().Field(i).Name)
		if err != nil {
			continue // every field names a token type (TestChromaStylesOwnTheirColours)
		}
		entries[t] = chromaEntry(v.Field(i).Interface().(ansi.StylePrimitive))
	}
	s, err := chroma.NewStyle(name, entries)
	if err != nil {
		return chromastyles.Fallback
	}
	return s
}

// chromaEntry is a primitive's colours and weights as a chroma style entry
// ("#2A2A2A bg:#F1F1F1 italic bold underline").
func chromaEntry(p ansi.StylePrimitive) string {
	var parts []string
	if p.Color != nil {
		parts = append(parts, *p.Color)
	}
	if p.BackgroundColor != nil {
		parts = append(parts, "bg:"+*p.BackgroundColor)
	}
	for _, f := range []struct {
		on   *bool
		word string
	}{{p.Italic, "italic"}, {p.Bold, "bold"}, {p.Underline, "underline"}} {
		if f.on != nil && *f.on {
			parts = append(parts, f.word)
		}
	}
	return strings.Join(parts, " ")
}
