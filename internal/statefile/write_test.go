package statefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fullAfter is a writer that takes n bytes, then fails as a full disk does.
type fullAfter struct {
	w io.Writer
	n int
}

func (f *fullAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return f.w.Write(p)
	}
	k, _ := f.w.Write(p[:f.n])
	f.n = 0
	return k, &fs.PathError{Op: "write", Path: "tmp", Err: syscall.ENOSPC}
}

// words is n bytes of text, cut mid-word.
func words(n int, word string) []byte {
	return bytes.Repeat([]byte(word+" "), n/(len(word)+1)+1)[:n]
}

// leftovers lists what is in dir but the names given.
func leftovers(t *testing.T, dir string, names ...string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for _, e := range ents {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+e.Name()+" ") {
			extra = append(extra, e.Name())
		}
	}
	return extra
}

// TestFullDiskKeepsTheOldFile writes a 63 KB file over an 18 KB one on a
// disk that fills after 20 KB: the old file is whole, the error says the
// disk is full and the old file is kept, and no temporary file is left.
func TestFullDiskKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "draft.txt")
	old, next := words(18<<10, "kept"), words(63<<10, "lost")
	if err := WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	err := write(path, 0o600, Replace, func(w io.Writer) error {
		_, err := w.Write(next)
		return err
	}, func(w io.Writer) io.Writer { return &fullAfter{w: w, n: 20 << 10} })
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "the disk is full") || !strings.Contains(err.Error(), "kept as it was") {
		t.Errorf("the error does not say the disk is full and the file is kept: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
		t.Errorf("the old file changed: %d bytes, want %d", len(got), len(old))
	}
	if extra := leftovers(t, dir, "draft.txt"); len(extra) > 0 {
		t.Errorf("left behind: %v", extra)
	}
}

// TestWriteModes writes with the mode asked for, whatever the umask, and
// Keep never replaces a file.
func TestWriteModes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "export.md")
	if err := Write(path, 0o600, Keep, func(w io.Writer) error { _, err := io.WriteString(w, "one"); return err }); err != nil {
		t.Fatal(err)
	}
	err := Write(path, 0o600, Keep, func(w io.Writer) error { _, err := io.WriteString(w, "two"); return err })
	if !errors.Is(err, fs.ErrExist) {
		t.Errorf("Keep over a file: %v, want fs.ErrExist", err)
	}
	if err := WriteFile(path, []byte("three"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(path)
	if got, _ := os.ReadFile(path); string(got) != "three" || (hasModes() && st.Mode().Perm() != 0o644) {
		t.Errorf("got %q mode %v", got, st.Mode().Perm())
	}
	if extra := leftovers(t, dir, "export.md"); len(extra) > 0 {
		t.Errorf("left behind: %v", extra)
	}
}

// TestWriteReplacesALinkNotItsTarget: a symbolic link planted where a file
// goes is replaced itself; the file it points to is untouched.
func TestWriteReplacesALinkNotItsTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	if err := os.WriteFile(target, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "draft.txt")
	if err := os.Symlink(target, path); err != nil {
		t.Skipf("cannot make a symbolic link here: %v", err)
	}
	if err := WriteFile(path, []byte("draft"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "precious" {
		t.Errorf("the link's target was written: %q", got)
	}
	if st, _ := os.Lstat(path); !st.Mode().IsRegular() {
		t.Errorf("the link is still there: %v", st.Mode())
	}
}

// TestWritersAtOnceNeverMix has writers of different texts race on one
// file, 100 rounds: every read sees one whole text, never a mix or nothing.
// (Writers that write in place, os.WriteFile, mix within 1 to 13 rounds.)
func TestWritersAtOnceNeverMix(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "draft.txt")
	texts := [][]byte{words(40<<10, "alpha"), words(30<<10, "beta"), words(50<<10, "gamma")}
	for round := 0; round < 100; round++ {
		var wg sync.WaitGroup
		for _, text := range texts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := WriteFile(path, text, 0o600); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got, err := os.ReadFile(path)
		if err != nil || !(bytes.Equal(got, texts[0]) || bytes.Equal(got, texts[1]) || bytes.Equal(got, texts[2])) {
			t.Fatalf("round %d: a mixed or broken file (%d bytes, %v)", round, len(got), err)
		}
	}
}

// envKillMe makes the test binary a writer that stops mid-write, for
// TestKillDuringWriteKeepsTheOldFile.
const envKillMe = "STATEFILE_TEST_WRITE_AND_HANG"

// TestHelperHangingWriter is the child of TestKillDuringWriteKeepsTheOldFile:
// it writes half a new file, says so, and waits to be killed.
func TestHelperHangingWriter(t *testing.T) {
	path := os.Getenv(envKillMe)
	if path == "" {
		t.Skip("the child of TestKillDuringWriteKeepsTheOldFile")
	}
	_ = Write(path, 0o600, Replace, func(w io.Writer) error {
		_, _ = w.Write(words(32<<10, "half"))
		fmt.Println("half written")
		time.Sleep(time.Hour) // held here until the parent's kill -9
		return nil
	})
}

// TestKillDuringWriteKeepsTheOldFile kills (SIGKILL) a writer in the middle
// of its write: the file is the old one, whole.
func TestKillDuringWriteKeepsTheOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "draft.txt")
	old := words(18<<10, "kept")
	if err := WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHangingWriter$", "-test.v")
	cmd.Env = append(os.Environ(), envKillMe+"="+path)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	said := make(chan bool, 1)
	go func() {
		b := make([]byte, 4096)
		var seen strings.Builder
		for {
			n, err := out.Read(b)
			seen.Write(b[:n])
			if strings.Contains(seen.String(), "half written") {
				said <- true
				_, _ = io.Copy(io.Discard, out)
				return
			}
			if err != nil {
				said <- false
				return
			}
		}
	}()
	select {
	case ok := <-said:
		if !ok {
			t.Fatal("the writer ended before writing half its file")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the writer did not start writing within 30 s")
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
		t.Errorf("after the kill the file has %d bytes, want the old %d", len(got), len(old))
	}
}
