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
	"sort"
	"strconv"
	"strings"
	"time"
)

// maxDraft bounds a draft file, written and read back alike (a draft Save
// keeps, Load can read): far more than a message may hold.
const maxDraft = 4 << 20

// unreadExt ends the name of a draft file Load could not read, set aside
// so that no load fails on it again and no save deletes it.
const unreadExt = ".unread"

// File name endings of a session's drafts: saved by a terminal that left
// the session (nobody shows it), or taken into a terminal's composer, which
// shows it now.
const (
	savedExt = ".draft"
	openExt  = ".open"
)

// Drafts keeps what a person was writing, per session and per terminal, in
// a private folder: each session has a folder of its own (named by a hash of
// its key), where each terminal writes only its own files, named by its
// process and client id. So a terminal that quits with an empty composer
// forgets only its own draft, never one another terminal kept; two
// terminals saving at once write two files, each whole. It implements
// tui.Drafts.
type Drafts struct {
	state  string // the state folder, checked as the drafts folder is
	dir    string
	writer string // this terminal's name in the file names: <pid>-<client id>
}

// NewDrafts keeps drafts in the state folder's drafts/ for the terminal
// whose client id is clientID. Both folders are made private (0700) when
// missing, and checked (ours, no link) at each load and save.
func NewDrafts(state, clientID string) *Drafts {
	return &Drafts{state: state, dir: filepath.Join(state, DraftsDir), writer: strconv.Itoa(os.Getpid()) + "-" + fileWord(clientID)}
}

// Folders of the state folder: the drafts, the input history and the
// sessions open last.
const (
	DraftsDir  = "drafts"
	HistoryDir = "history"
	RecentDir  = "recent"
)

// fileWord keeps the letters, digits and dashes of s, lower-cased and
// bounded, for a file name.
func fileWord(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		}
		if b.Len() >= 64 {
			break
		}
	}
	if b.Len() == 0 {
		return "terminal"
	}
	return b.String()
}

// sessionDir is the private folder of a session's drafts.
func (d *Drafts) sessionDir(key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(d.dir, hex.EncodeToString(sum[:12]))
}

// Draft is what a terminal keeps of a session: the composer's text, and a
// message it sent that got no answer (sending, or its answer lost), by its
// request id and text, so that the next run sends it again as the same
// request (the host replays it instead of running it twice).
type Draft struct {
	Text      string
	RequestID string   // "" when no message waits for an answer
	Op        string   // that message's op (prompt, follow_up, steer)
	Request   string   // and its text
	Refs      []string // and the context refs it carried
}

// empty reports whether there is nothing to keep.
func (d Draft) empty() bool { return d.Text == "" && d.RequestID == "" }

// draftMark begins a draft file that holds a message with its request id
// (JSON); a file without it is the composer's text as it was typed.
const draftMark = `{"vehicleDraft":1,`

// keptDraft is a draft file with a message waiting for an answer.
type keptDraft struct {
	Version   int      `json:"vehicleDraft"`
	Text      string   `json:"text"`
	RequestID string   `json:"requestId"`
	Op        string   `json:"op,omitempty"`
	Request   string   `json:"request"`
	Refs      []string `json:"refs,omitempty"`
}

// encode is the draft as its file holds it: the text alone, or JSON when a
// message waits for an answer.
func (d Draft) encode() []byte {
	if d.RequestID == "" {
		return []byte(d.Text)
	}
	b, _ := json.Marshal(keptDraft{Version: 1, Text: d.Text, RequestID: d.RequestID, Op: d.Op, Request: d.Request, Refs: d.Refs})
	return b
}

// decodeDraft reads a draft file: JSON with its mark, else the text.
func decodeDraft(b []byte) Draft {
	if bytes.HasPrefix(b, []byte(draftMark)) {
		var k keptDraft
		if json.Unmarshal(b, &k) == nil && k.Version == 1 {
			return Draft{Text: k.Text, RequestID: k.RequestID, Op: k.Op, Request: k.Request, Refs: k.Refs}
		}
	}
	return Draft{Text: string(b)}
}

// Save keeps the terminal's draft of a session, whole or not at all (the
// draft it kept before is kept on a failure, and the error says so); an
// empty one forgets this terminal's draft of it, and only this terminal's.
func (d *Drafts) Save(key string, draft Draft) error {
	dir := d.sessionDir(key)
	mine := filepath.Join(dir, d.writer)
	if draft.empty() {
		return errors.Join(removeMissingOK(mine+savedExt), removeMissingOK(mine+openExt))
	}
	if err := d.private(dir); err != nil {
		return err
	}
	b := draft.encode()
	if len(b) > maxDraft {
		return fmt.Errorf("your draft was not kept: it is %.1f MiB, and a draft is kept up to %d MiB", float64(len(b))/(1<<20), maxDraft>>20)
	}
	if err := WriteFile(mine+savedExt, b, 0o600); err != nil {
		return fmt.Errorf("your draft was not kept: %w", err)
	}
	return removeMissingOK(mine + openExt)
}

// KeepShown keeps the terminal's draft of a session it still shows, while
// it runs (a pause in typing, the focus moving away), whole or not at all:
// as the file of a draft this terminal shows, so another running terminal
// that opens the session finds it shared, and once this process is gone
// (killed: nothing was saved at its end) the next terminal takes it as a
// kept draft. An empty draft removes it. Save, at the end, replaces it.
func (d *Drafts) KeepShown(key string, draft Draft) error {
	dir := d.sessionDir(key)
	mine := filepath.Join(dir, d.writer)
	if draft.empty() {
		return removeMissingOK(mine + openExt)
	}
	if err := d.private(dir); err != nil {
		return err
	}
	b := draft.encode()
	if len(b) > maxDraft {
		return fmt.Errorf("your draft is not kept as you type: it is %.1f MiB, and a draft is kept up to %d MiB", float64(len(b))/(1<<20), maxDraft>>20)
	}
	if err := WriteFile(mine+openExt, b, 0o600); err != nil {
		return fmt.Errorf("your draft is not kept as you type: %w", err)
	}
	return removeMissingOK(mine + savedExt) // one this terminal saved earlier in the run: this one is newer
}

// Load takes the draft kept for a session into this terminal: the newest
// one a terminal saved when it left the session (or one a terminal that no
// longer runs had open). It becomes this terminal's, so no other terminal
// takes it too. When there is none, a draft another running terminal shows
// now is returned with shared true: it is open there as well. An empty
// Draft when there is none.
func (d *Drafts) Load(key string) (draft Draft, shared bool, err error) {
	dir := d.sessionDir(key)
	if err := d.private(dir); err != nil {
		return Draft{}, false, err
	}
	d.adoptLegacy(dir)
	for range 3 { // another terminal may take a draft between the listing and the rename
		files, err := d.list(dir)
		if err != nil {
			return Draft{}, false, err
		}
		if len(files) == 0 {
			return Draft{}, false, nil
		}
		f := files[0]
		if f.ext == openExt && f.writer != d.writer && processAlive(f.pid) {
			b, err := ReadPrivate(f.path, maxDraft) // that terminal's: left where it is
			return decodeDraft(b), true, err
		}
		took := filepath.Join(dir, d.writer+openExt)
		if f.path != took {
			if err := os.Rename(f.path, took); err != nil {
				continue
			}
		}
		b, err := ReadPrivate(took, maxDraft)
		if err != nil {
			return Draft{}, false, setAside(took, err)
		}
		return decodeDraft(b), false, nil
	}
	return Draft{}, false, nil
}

// setAside renames the draft file at path, which could not be read (err),
// so that it ends in unreadExt: no load takes it again, no save of an
// empty draft deletes it. The error names where it is.
func setAside(path string, err error) error {
	aside := strings.TrimSuffix(path, filepath.Ext(path)) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36) + unreadExt
	if rerr := os.Rename(path, aside); rerr != nil {
		return fmt.Errorf("your draft could not be read (%w); it is left at %s", err, path)
	}
	return fmt.Errorf("your draft could not be read (%w); it is kept, untouched, at %s: open it in an editor to take it back", err, aside)
}

// private makes the state folder, the drafts folder and a session's folder
// in it private.
func (d *Drafts) private(sessionDir string) error {
	if err := privateDirs(d.state, d.dir, sessionDir); err != nil {
		return fmt.Errorf("drafts are not kept: %w", err)
	}
	return nil
}

// adoptLegacy moves a draft kept by an earlier vehicle (one file per
// session beside the sessions' folders) into the session's folder as a
// saved draft, so Load finds it.
func (d *Drafts) adoptLegacy(dir string) {
	old := dir + ".txt"
	if st, err := os.Lstat(old); err == nil && st.Mode().IsRegular() && ownedByUs(st) {
		_ = os.Rename(old, filepath.Join(dir, "0-legacy"+savedExt))
	}
}

// draftFile is one file of a session's folder.
type draftFile struct {
	path   string
	writer string // <pid>-<client id>
	pid    int
	ext    string // savedExt or openExt
	mod    int64  // modification time, Unix nanoseconds
}

// list is a session's draft files in the order Load prefers them: this
// terminal's own, then the saved ones and those of a terminal no longer
// running, newest first, then those another running terminal shows.
func (d *Drafts) list(dir string) ([]draftFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot read the drafts in %s: %w", dir, err)
	}
	var files []draftFile
	for _, e := range ents {
		if leftover(dir, e) {
			continue
		}
		ext := filepath.Ext(e.Name())
		if ext != savedExt && ext != openExt || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		writer := strings.TrimSuffix(e.Name(), ext)
		pidText, _, _ := strings.Cut(writer, "-")
		pid, _ := strconv.Atoi(pidText)
		files = append(files, draftFile{path: filepath.Join(dir, e.Name()), writer: writer, pid: pid, ext: ext, mod: info.ModTime().UnixNano()})
	}
	rank := func(f draftFile) int {
		switch {
		case f.writer == d.writer:
			return 0
		case f.ext == savedExt || !processAlive(f.pid):
			return 1
		}
		return 2
	}
	sort.SliceStable(files, func(i, j int) bool {
		if ri, rj := rank(files[i]), rank(files[j]); ri != rj {
			return ri < rj
		}
		return files[i].mod > files[j].mod
	})
	return files, nil
}

// staleTemp is how old a temporary file must be before Load takes it for
// the leftover of a writer that was killed mid-write.
const staleTemp = time.Hour

// leftover removes e when it is the temporary file of a write that never
// finished (its writer killed) and reports whether it was one.
func leftover(dir string, e fs.DirEntry) bool {
	if !strings.HasPrefix(e.Name(), ".") || !strings.Contains(e.Name(), ".tmp-") {
		return false
	}
	if info, err := e.Info(); err == nil && e.Type().IsRegular() && time.Since(info.ModTime()) > staleTemp {
		_ = os.Remove(filepath.Join(dir, e.Name()))
	}
	return true
}

// removeMissingOK removes path; a missing file is no error.
func removeMissingOK(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot forget the draft %s: %w", path, err)
	}
	return nil
}
