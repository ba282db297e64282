package export

import (
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// maxSlug bounds a file name's stem, in bytes.
const maxSlug = 60

// Slug turns a title into a file name's stem that is safe on every system:
// lower-case ASCII letters and digits, words joined by '-', at most 60
// bytes, never a name Windows reserves (con, nul, com1, ...). Letters with
// accents lose them where they decompose simply; other runes separate words.
// It returns "" when nothing is left.
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		r = fold(r)
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '\'' || r == '’':
			// "don't" is one word
		default:
			dash = true
		}
		if b.Len() >= maxSlug {
			break
		}
	}
	s := strings.TrimRight(b.String()[:min(b.Len(), maxSlug)], "-")
	if reserved(s) {
		s += "-session"
	}
	return s
}

// accents pairs each common accented letter with its ASCII base.
const accents = "àaáaâaãaäaåaāaçcćcčcèeéeêeëeēeėeęeìiíiîiïiīiñnńnòoóoôoõoöoøoōoùuúuûuüuūuýyÿyśsšsßsźzżzžzłlðd"

// fold returns r's ASCII base when r is a common accented letter, else r.
func fold(r rune) rune {
	if r < 0x80 {
		return r
	}
	runes := []rune(accents)
	for i := 0; i+1 < len(runes); i += 2 {
		if runes[i] == r {
			return runes[i+1]
		}
	}
	return r
}

// reserved reports whether a stem is a device name on Windows.
func reserved(s string) bool {
	switch s {
	case "con", "prn", "aux", "nul":
		return true
	}
	if len(s) == 4 && (strings.HasPrefix(s, "com") || strings.HasPrefix(s, "lpt")) && s[3] >= '0' && s[3] <= '9' {
		return true
	}
	return false
}

// Names are the file names an export of the session may take in format f,
// in order of preference: after its title, then after its session id.
func Names(s client.Summary, f Format) []string {
	var stems []string
	if s.Title != nil {
		if t := Slug(*s.Title); t != "" {
			stems = append(stems, t)
		}
	}
	if id := Slug(s.SessionID); id != "" {
		stems = append(stems, "session-"+id)
	}
	if len(stems) == 0 {
		stems = append(stems, "session")
	}
	names := make([]string, len(stems))
	for i, st := range stems {
		names[i] = st + "." + string(f)
	}
	return names
}
