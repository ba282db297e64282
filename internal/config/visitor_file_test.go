package config

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestVisitorIDFromAFile: --visitor-id-file (or VEHICLE_VISITOR_ID_FILE)
// gives the visitor id without putting it in argv, where every local user
// can read it; a file others may read is refused, so is giving it twice;
// and -h says why to prefer it to --visitor-id.
func TestVisitorIDFromAFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "visitor")
	if err := os.WriteFile(path, []byte("agent-9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := MapEnv(map[string]string{"XDG_STATE_HOME": filepath.Join(dir, "state")})
	_, id, err := Resolve(Flags{Gardend: remote, Graph: "g", VisitorIDFile: path}, env, nil, "")
	if err != nil || id.VisitorID != "agent-9" || id.Kind != KindVisitor {
		t.Errorf("--visitor-id-file: %+v %v", id, err)
	}
	fromEnv := MapEnv(map[string]string{EnvVisitorFile: path, EnvToken: "tok"})
	if _, id, err := Resolve(Flags{Gardend: remote, Graph: "g"}, fromEnv, nil, ""); err != nil || id.VisitorID != "agent-9" {
		t.Errorf("%s: %+v %v", EnvVisitorFile, id, err)
	}
	if _, _, err := Resolve(Flags{Gardend: remote, Graph: "g", VisitorIDFile: path, VisitorID: "x"}, env, nil, ""); err == nil {
		t.Error("both --visitor-id and --visitor-id-file were accepted")
	}
	if runtime.GOOS != "windows" {
		_ = os.Chmod(path, 0o644)
		if _, _, err := Resolve(Flags{Gardend: remote, Graph: "g", VisitorIDFile: path}, env, nil, ""); err == nil || !strings.Contains(err.Error(), "chmod 600") {
			t.Errorf("a visitor id file others may read: %v", err)
		}
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var f Flags
	f.Register(fs)
	if u := fs.Lookup("visitor-id").Usage; !strings.Contains(u, "process list") || !strings.Contains(u, "--visitor-id-file") {
		t.Errorf("-h for --visitor-id does not say to keep it out of argv: %q", u)
	}
}
