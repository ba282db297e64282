package snapshot

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// Arrays is where the elements of a snapshot's transcript and commands lie
// in its answer, and whether each array was there at all.
type Arrays struct {
	Items, Commands       []Span
	HasItems, HasCommands bool
}

// piece is how much of an answer is read at a time.
const piece = 32 << 10

// TooLongError is an answer longer than Read reads. It is not a lost
// answer: the request is not sent again.
type TooLongError struct{ Limit int64 }

// Error says what is too long and what still works.
func (e *TooLongError) Error() string {
	return fmt.Sprintf("vehicle: the session's snapshot is longer than %d MiB, the most this client reads; "+
		"its capsule (the ride's capsule op) still reads, to carry its context to a new session", e.Limit>>20)
}

// decodeOptions read JSON as encoding/json does: invalid UTF-8 in strings
// and a name given twice are taken (the last one wins).
var decodeOptions = []jsontext.Options{jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true)}

// Read reads a frame whose value is a snapshot, at most limit bytes, keeping
// it in blocks of about block bytes (Block), compressed as they are cut (all
// but the last) by a goroutine of its own while the next pieces are read. It
// returns the frame with the transcript's and the commands' elements left
// out (skel: small, for the caller to decode whole), the answer, and where
// the elements lie in it. When the answer is not a frame whose value has
// those arrays (an error frame, a frame that names its value twice, bytes
// that are not JSON), skel is the whole answer and arrays is nil: the
// caller decodes it as any other. Only a read that fails, or passes the
// limit (*TooLongError), is an error.
func Read(r io.Reader, limit int64, block uint32) (skel []byte, a *Answer, arrays *Arrays, err error) {
	t := &tee{r: r, limit: min(limit, 1<<32-2), z: newPacker(int(block) + 2*piece), block: block}
	t.cur = t.z.buffer()
	w := &walker{skel: make([]byte, 0, 4096), plain: true, cut: t.cut}
	dec := jsontext.NewDecoder(t, decodeOptions...)
	werr := w.frame(dec)
	if werr == nil {
		_, werr = dec.ReadToken()
		if errors.Is(werr, io.EOF) {
			werr = nil
		} else if werr == nil {
			werr = errors.New("more than one value")
		}
	}
	if werr != nil && t.err == nil {
		_, _ = io.Copy(io.Discard, t) // the rest, for the whole answer
	}
	a = t.z.close(t.cur)
	if t.err != nil {
		return nil, nil, nil, t.err
	}
	if werr != nil || !w.plain || !w.arrays.HasItems && !w.arrays.HasCommands {
		return a.Whole(), a, nil, nil
	}
	return w.skel, a, &w.arrays, nil
}

// Split finds the arrays of a snapshot value held whole, without copying
// it: skel is the value with their elements left out, and arrays where the
// elements lie in data. It fails when data is not one JSON object.
func Split(data []byte) (skel []byte, arrays *Arrays, err error) {
	if len(data) >= 1<<32-1 {
		return nil, nil, fmt.Errorf("a snapshot of %d bytes is too long", len(data))
	}
	w := &walker{skel: make([]byte, 0, 4096), plain: true}
	dec := jsontext.NewDecoder(bytes.NewReader(data), decodeOptions...)
	if dec.PeekKind() != '{' {
		return nil, nil, errors.New("not a JSON object")
	}
	if err := w.value(dec); err != nil {
		return nil, nil, err
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return nil, nil, fmt.Errorf("more than one value (%v)", err)
	}
	return w.skel, &w.arrays, nil
}

// tee hands the decoder the answer: it reads the answer a piece at a time
// into the block being filled (so that every byte is kept), and hands the
// decoder what it asks for from there (the decoder asks for a few KiB at a
// time: a read of the network each time would cost a system call each).
type tee struct {
	r     io.Reader
	limit int64
	total int64
	err   error // a failed read, or one past the limit
	eof   bool
	z     *packer
	block uint32

	cur        []byte // the block being filled, from the answer's offset curStart
	curStart   uint32
	blockStart uint32
	served     uint32 // the answer's offset of the next byte for the decoder
}

// Read implements io.Reader.
func (t *tee) Read(p []byte) (int, error) {
	for t.served == t.curStart+uint32(len(t.cur)) {
		switch {
		case t.err != nil:
			return 0, t.err
		case t.eof:
			return 0, io.EOF
		}
		t.fill()
	}
	k := copy(p, t.cur[t.served-t.curStart:])
	t.served += uint32(k)
	return k, nil
}

// fill reads the next piece of the answer into cur.
func (t *tee) fill() {
	if cap(t.cur)-len(t.cur) < piece {
		t.cur = append(t.cur, make([]byte, piece)...)[:len(t.cur)] // an element longer than a block
	}
	n, err := t.r.Read(t.cur[len(t.cur) : len(t.cur)+piece])
	if t.total += int64(n); t.total > t.limit {
		t.err = &TooLongError{Limit: t.limit}
		return
	}
	t.cur = t.cur[:len(t.cur)+n]
	switch {
	case errors.Is(err, io.EOF):
		t.eof = true
	case err != nil:
		t.err = err
	}
}

// cut ends a block at an element's end, once the block has grown past its
// size: the bytes before end go to be compressed, the rest begin the next.
func (t *tee) cut(end uint32) {
	if end-t.blockStart < t.block {
		return
	}
	k := end - t.curStart
	t.z.add(t.cur[:k:k])
	next := t.z.buffer()
	next = append(next, t.cur[k:]...)
	t.z.release(t.cur)
	t.cur, t.curStart, t.blockStart = next, end, end
}

// walker reads a frame, or a snapshot value, with the decoder: it copies
// everything but the elements of the value's transcript and commands arrays
// to skel, and notes where those elements lie.
type walker struct {
	skel   []byte
	arrays Arrays
	plain  bool             // false: the frame names its value twice, or in another case
	cut    func(end uint32) // where an element ends, for cutting blocks (nil: none)
	values int              // "value" members seen
}

// frame walks a frame object: its value, if it is an object, by value.
func (w *walker) frame(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '{' {
		return errors.New("not a JSON object")
	}
	return w.object(dec, func(name string) (bool, error) {
		if name != "value" {
			w.plain = w.plain && !equalFold(name, "value")
			return false, nil
		}
		if w.values++; w.values > 1 || dec.PeekKind() != '{' {
			w.plain = w.plain && w.values == 1
			return false, nil
		}
		return true, w.value(dec)
	})
}

// value walks a snapshot object: the elements of its transcript and
// commands arrays are noted, not copied (the last array named wins, as
// encoding/json's does).
func (w *walker) value(dec *jsontext.Decoder) error {
	return w.object(dec, func(name string) (bool, error) {
		var list *[]Span
		switch {
		case dec.PeekKind() != '[':
			return false, nil
		case name == "transcript":
			w.arrays.HasItems, list = true, &w.arrays.Items
		case name == "commands":
			w.arrays.HasCommands, list = true, &w.arrays.Commands
		default:
			return false, nil
		}
		*list = (*list)[:0]
		w.skel = append(w.skel, "[]"...)
		return true, w.elements(dec, list)
	})
}

// object walks an object, copying each member to skel but the ones member
// takes (it reports whether it did, and copies what it keeps itself).
func (w *walker) object(dec *jsontext.Decoder, member func(name string) (bool, error)) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	w.skel = append(w.skel, '{')
	for n := 0; dec.PeekKind() != '}'; n++ {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if n > 0 {
			w.skel = append(w.skel, ',')
		}
		name := tok.String()
		w.skel, _ = jsontext.AppendQuote(w.skel, name)
		w.skel = append(w.skel, ':')
		taken, err := member(name)
		if err != nil {
			return err
		}
		if !taken {
			v, err := dec.ReadValue()
			if err != nil {
				return err
			}
			w.skel = append(w.skel, v...)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	w.skel = append(w.skel, '}')
	return nil
}

// elements notes where each element of an array lies.
func (w *walker) elements(dec *jsontext.Decoder, list *[]Span) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() != ']' {
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		end := uint32(dec.InputOffset())
		*list = append(*list, Span{end - uint32(len(v)), end})
		if w.cut != nil {
			w.cut(end)
		}
	}
	_, err := dec.ReadToken()
	return err
}

// equalFold reports whether a and b are the same name in another case, as
// encoding/json would match them (ASCII is enough for the names here).
func equalFold(a, b string) bool { return len(a) == len(b) && bytes.EqualFold([]byte(a), []byte(b)) }
