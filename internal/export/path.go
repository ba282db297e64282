package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// CreateDefault creates the export's file in dir under the first of Names
// that does not exist yet. With force it takes the first name, replacing a
// file of that name. The caller closes the file.
func CreateDefault(dir string, s client.Summary, f Format, force bool) (*os.File, error) {
	names := Names(s, f)
	if force {
		return Create(filepath.Join(dir, names[0]), true)
	}
	for _, n := range names {
		file, err := Create(filepath.Join(dir, n), false)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return file, err
	}
	return nil, fmt.Errorf("%s already exists in %s: pass --force to replace it, or -o PATH to write elsewhere: %w",
		strings.Join(names, " and "), dir, fs.ErrExist)
}

// Create creates the file at path for an export, mode 0600 (DefaultPerm).
// Without force an existing file is never replaced: the error then wraps
// fs.ErrExist and says what to do. Save writes a file whole or not at all;
// Create is for a caller that writes the file itself.
func Create(path string, force bool) (*os.File, error) {
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flags, DefaultPerm)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("%s already exists: pass --force to replace it: %w", path, fs.ErrExist)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot create the export file: %w", err)
	}
	return f, nil
}
