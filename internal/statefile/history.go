package statefile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// History bounds: the texts kept per session and across sessions, one
// text's (a big paste cleared from the composer), and a file's. A text
// takes at most 6 times its size in the file (JSON's \u00XX for a control
// character), so one at the bound always fits in a file.
const (
	HistorySession = 200
	HistoryGlobal  = 500
	HistoryEntry   = 256 << 10
	historyBytes   = 2 << 20
)

// globalHistory names the history every session shares.
const globalHistory = "global"

// History keeps the input history as a shell does: what the person sent or
// cleared, per session and across sessions, in private files under a
// folder of its own (0700; the files 0600), bounded (the oldest texts go
// first). Each change reads the file, adds the text and writes it whole (a
// temporary file, synced, renamed over it: Write), one writer at a time (a
// lock file beside it), so two terminals adding at once each keep their
// text. It implements tui.History.
type History struct {
	state string // the state folder, checked as the history folder is
	dir   string
	now   func() time.Time
}

// NewHistory keeps the input history in the state folder's history/; both
// folders are made private when missing, and checked at each load and add.
func NewHistory(state string) *History {
	return &History{state: state, dir: filepath.Join(state, HistoryDir), now: time.Now}
}

// historyLine is one text of a history file: a JSON line.
type historyLine struct {
	At   time.Time `json:"at"`
	Text string    `json:"text"`
}

// path is the file of a session's key ("" is the global history).
func (h *History) path(key string) string {
	if key == "" {
		return filepath.Join(h.dir, globalHistory+".jsonl")
	}
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(h.dir, hex.EncodeToString(sum[:12])+".jsonl")
}

// Load is the history of a session's key, oldest first, each text once
// (where it was last added): the texts of the global history that the
// session's does not have, then the session's own, so ↑ walks the
// session's first. A missing file is an empty history.
func (h *History) Load(key string) ([]string, error) {
	if err := privateDirs(h.state, h.dir); err != nil {
		return nil, fmt.Errorf("the input history is not kept: %w", err)
	}
	own, err := h.read(h.path(key))
	if err != nil || key == "" {
		return texts(own), err
	}
	global, err := h.read(h.path(""))
	seen := make(map[string]bool, len(own))
	for _, l := range own {
		seen[l.Text] = true
	}
	var out []string
	for _, t := range texts(global) {
		if !seen[t] {
			out = append(out, t)
		}
	}
	return append(out, texts(own)...), err
}

// Add keeps text as the newest of a session's history and of the global
// one (key "" adds to the global one only), whole. A text equal to the
// newest is not kept twice; a blank one is not kept; one longer than
// HistoryEntry is not kept, and the error says so (never a part of it).
func (h *History) Add(key, text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if len(text) > HistoryEntry {
		return fmt.Errorf("the text (%d KiB) was not kept in the input history, which keeps a text of up to %d KiB: ↑ brings it back until vehicle ends, not after",
			(len(text)+1023)>>10, HistoryEntry>>10)
	}
	if err := privateDirs(h.state, h.dir); err != nil {
		return fmt.Errorf("the input history is not kept: %w", err)
	}
	at := h.now().UTC()
	var errs []error
	if key != "" {
		errs = append(errs, h.add(h.path(key), historyLine{At: at, Text: text}, HistorySession))
	}
	errs = append(errs, h.add(h.path(""), historyLine{At: at, Text: text}, HistoryGlobal))
	return errors.Join(errs...)
}

// add adds a line to the history file at path, keeping its newest keep.
func (h *History) add(path string, l historyLine, keep int) error {
	unlock, err := lockFile(path)
	if err != nil {
		return err
	}
	defer unlock()
	lines, err := h.read(path)
	if err != nil {
		return err
	}
	if n := len(lines); n > 0 && lines[n-1].Text == l.Text {
		return nil
	}
	lines = append(lines, l)
	var b []byte
	for len(lines) > 0 {
		b = encode(lines[max(len(lines)-keep, 0):])
		if len(b) <= historyBytes {
			break
		}
		lines = lines[1:]
	}
	if err := WriteFile(path, b, 0o600); err != nil {
		return fmt.Errorf("the input history was not kept: %w", err)
	}
	return nil
}

// read is a history file's lines; a missing file has none, a line that is
// not one of ours is skipped.
func (h *History) read(path string) ([]historyLine, error) {
	b, err := ReadPrivate(path, historyBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("the input history was not read: %w", err)
	}
	var out []historyLine
	for _, raw := range bytes.Split(b, []byte("\n")) {
		var l historyLine
		if len(raw) > 0 && json.Unmarshal(raw, &l) == nil && l.Text != "" {
			out = append(out, l)
		}
	}
	return out, nil
}

// encode is lines as a history file.
func encode(lines []historyLine) []byte {
	var b bytes.Buffer
	for _, l := range lines {
		j, _ := json.Marshal(l)
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// texts is the texts of lines, each once, where it was last added.
func texts(lines []historyLine) []string {
	last := make(map[string]int, len(lines))
	for i, l := range lines {
		last[l.Text] = i
	}
	out := make([]string, 0, len(last))
	for i, l := range lines {
		if last[l.Text] == i {
			out = append(out, l.Text)
		}
	}
	return out
}

// lockWait bounds how long a writer waits for another's lock, and
// lockStale is how old a lock is before it is taken for one a killed
// writer left.
const (
	lockWait  = 2 * time.Second
	lockStale = 10 * time.Second
)

// lockFile takes the lock of the file at path: a file beside it, made only
// when none is there (O_EXCL), removed by the returned unlock.
func lockFile(path string) (unlock func(), err error) {
	lock := path + ".lock"
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { _ = os.Remove(lock) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
		}
		if st, serr := os.Lstat(lock); serr == nil && time.Since(st.ModTime()) > lockStale {
			_ = os.Remove(lock)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s stays locked by another vehicle (%s): remove the lock if none runs", path, lock)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
