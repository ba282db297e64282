package tea

import (
	"io"
	"runtime"
	"strings"
)

// The input decoder acts on the escape sequences inside a bracketed paste
// as it does on typed ones: it drops most of them whole (an OSC's text with
// it), and a mouse report eats the characters after it, so the program
// cannot tell what the paste held. pasteReader stands between the terminal
// and the decoder: inside a paste it hands every ESC on as pasteESC, text
// to the decoder, and a PasteMsg turns it back into ESC. A PasteMsg so
// holds what was pasted, escape sequences included, for the program to
// keep, drop or say.

// pasteESC stands for ESC inside a paste on its way through the decoder: a
// noncharacter, which Unicode keeps for a program's own use.
const pasteESC = "\uFDD0"

// Bracketed paste's markers.
const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// pasteReader passes the terminal's input through, ESC inside a bracketed
// paste as pasteESC.
type pasteReader struct {
	r       io.Reader
	inPaste bool
	start   int    // outside a paste: how much of pasteStart the last bytes were
	held    []byte // inside a paste: the start of what may be pasteEnd, held for the next read
	out     []byte // bytes not handed on yet
	err     error  // the reader's error, handed on after out
	buf     [4096]byte
}

// pasteInput is r with pasteReader's ESC in pastes; on Windows, whose
// console input the decoder reads by its own type, r itself.
func pasteInput(r io.Reader) io.Reader {
	if runtime.GOOS == "windows" {
		return r
	}
	return &pasteReader{r: r}
}

// Read hands on the input, converted.
func (p *pasteReader) Read(b []byte) (int, error) {
	for len(p.out) == 0 && p.err == nil {
		n, err := p.r.Read(p.buf[:])
		p.convert(p.buf[:n])
		if err != nil {
			p.out, p.held, p.err = append(p.out, p.held...), nil, err
		}
	}
	if len(p.out) == 0 {
		return 0, p.err
	}
	n := copy(b, p.out)
	p.out = p.out[n:]
	return n, nil
}

// convert adds data to out, ESC inside a paste as pasteESC.
func (p *pasteReader) convert(data []byte) {
	for _, c := range data {
		if !p.inPaste {
			p.out = append(p.out, c)
			switch {
			case c == pasteStart[p.start]:
				p.start++
			case c == pasteStart[0]:
				p.start = 1
			default:
				p.start = 0
			}
			if p.start == len(pasteStart) {
				p.inPaste, p.start = true, 0
			}
			continue
		}
		if c == pasteEnd[len(p.held)] {
			p.held = append(p.held, c)
			if len(p.held) == len(pasteEnd) {
				p.out, p.held, p.inPaste = append(p.out, p.held...), p.held[:0], false
			}
			continue
		}
		p.out = append(p.out, strings.ReplaceAll(string(p.held), "\x1b", pasteESC)...)
		p.held = p.held[:0]
		if c == 0x1b {
			p.held = append(p.held, c)
			continue
		}
		p.out = append(p.out, c)
	}
}

// pastedText is a paste's text with pasteReader's ESC turned back.
func pastedText(s string) string { return strings.ReplaceAll(s, pasteESC, "\x1b") }
