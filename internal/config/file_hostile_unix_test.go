//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs LoadFile and fails the test if it has not returned within
// 10 s (a FIFO used to hang it for ever).
func loadWithin(t *testing.T, path string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := LoadFile(path)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("LoadFile(%s) did not return within 10 s", path)
		return nil
	}
}

// TestConfigFileThatIsNotAFile: a FIFO, a link to /dev/zero, a link to a
// file, a directory and a file past 64 KiB are refused at once, saying why.
func TestConfigFileThatIsNotAFile(t *testing.T) {
	for name, c := range map[string]struct {
		make func(path string) error
		says string
	}{
		"fifo":      {func(p string) error { return syscall.Mkfifo(p, 0o600) }, "not a regular file"},
		"dev zero":  {func(p string) error { return os.Symlink("/dev/zero", p) }, "symbolic link"},
		"link":      {func(p string) error { return os.Symlink("/etc/hostname", p) }, "symbolic link"},
		"directory": {func(p string) error { return os.Mkdir(p, 0o700) }, "not a regular file"},
		"huge": {func(p string) error {
			return os.WriteFile(p, []byte(strings.Repeat("# a comment line\n", 5000)), 0o600)
		}, "larger than 65536 bytes"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "vehicle")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, ConfigFileName)
			if err := c.make(path); err != nil {
				t.Fatal(err)
			}
			if err := loadWithin(t, path); err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("LoadFile: %v, want an error saying %q", err, c.says)
			}
		})
	}
}

// TestConfigFileNestingIsBounded: the shapes that made the TOML decoder take
// seconds to minutes (nested inline tables, arrays, long dotted keys) are
// refused before decoding, fast; strings and comments holding brackets and
// dots are not counted.
func TestConfigFileNestingIsBounded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "vehicle")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, ConfigFileName)
	for name, text := range map[string]string{
		"inline tables": "a=" + strings.Repeat("{b=", 3000) + "1" + strings.Repeat("}", 3000),
		"arrays":        "a=" + strings.Repeat("[", 5000) + strings.Repeat("]", 5000),
		"dotted key":    strings.Repeat("a.", 10000) + "a=1",
	} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := loadWithin(t, path); err == nil || !strings.Contains(err.Error(), "the settings are plain keys") {
			t.Errorf("%s: %v", name, err)
		}
	}
	ok := "# [[[[[ {{{{ a.b.c.d.e.f.g.h.i.j\n" + `gardend = "https://a.b.c.d.e.f.g.h.i.j.example.com/[[[[[["` + "\n" +
		"graph = '''x.y.z.{{{{{.a.b.c.d.e.f'''\n" + `mount = "\"[[[[[[...........\""` + "\n"
	if err := os.WriteFile(path, []byte(ok), 0o600); err != nil {
		t.Fatal(err)
	}
	if f, err := LoadFile(path); err != nil || f.Graph != "x.y.z.{{{{{.a.b.c.d.e.f" {
		t.Errorf("a file with brackets and dots in strings and comments: %+v %v", f, err)
	}
}

// TestConfigFolderOfAnotherUser: a configuration folder or file another
// user owns (who could point gardend at a host of theirs, to collect your
// token) is refused. It needs root to give them away (chown).
func TestConfigFolderOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a folder to another user (chown)")
	}
	dir := filepath.Join(t.TempDir(), "vehicle")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, ConfigFileName)
	if err := os.WriteFile(path, []byte(`gardend = "https://evil.example"`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, dir} {
		if err := os.Chown(p, 4242, 4242); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadFile(path); err == nil || !strings.Contains(err.Error(), "another user") {
			t.Errorf("%s another user's: %v", p, err)
		}
	}
}
