package config

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestPlatformDirs(t *testing.T) {
	cases := []struct {
		goos         string
		env          map[string]string
		state, confd string
	}{
		{"linux", map[string]string{"HOME": "/h"}, "/h/.local/state/vehicle", "/h/.config/vehicle"},
		{"linux", map[string]string{"HOME": "/h", "XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "/c"}, "/s/vehicle", "/c/vehicle"},
		{"linux", map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "rel"}, "/h/.local/state/vehicle", "/h/.config/vehicle"},
		{"darwin", map[string]string{"HOME": "/Users/a"}, "/Users/a/Library/Application Support/vehicle", "/Users/a/Library/Application Support/vehicle"},
		{"windows", map[string]string{"LOCALAPPDATA": "/L", "APPDATA": "/R"}, "/L/vehicle", "/R/vehicle"},
		{"windows", map[string]string{"USERPROFILE": "/U"}, "/U/AppData/Local/vehicle", "/U/AppData/Roaming/vehicle"},
		{"windows", nil, "", ""},
		{"linux", nil, "", ""},
	}
	for _, tc := range cases {
		env := MapEnv(tc.env)
		st, serr := stateDirFor(tc.goos, env)
		cd, cerr := configDirFor(tc.goos, env)
		if filepath.ToSlash(st) != tc.state || (serr != nil) != (tc.state == "") {
			t.Errorf("%s %v: state dir %q, %v; want %q", tc.goos, tc.env, st, serr, tc.state)
		}
		if filepath.ToSlash(cd) != tc.confd || (cerr != nil) != (tc.confd == "") {
			t.Errorf("%s %v: config dir %q, %v; want %q", tc.goos, tc.env, cd, cerr, tc.confd)
		}
	}
}

func TestConfigPath(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the XDG layout is checked on Linux")
	}
	got, err := ConfigPath(MapEnv(map[string]string{"XDG_CONFIG_HOME": "/c", "HOME": "/h"}))
	if err != nil || got != "/c/vehicle/config.toml" {
		t.Errorf("ConfigPath = %q, %v", got, err)
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	f, err := LoadFile(filepath.Join(dir, "missing.toml"))
	if err != nil || f != (File{}) {
		t.Fatalf("a missing file: %+v, %v", f, err)
	}
	good := write("good.toml", "gardend = \"https://g.example\"\ngraph = \"notes\"\nmount = \"\"\ntheme = \"dark\"\nbell = false\nnotifications = \"off\"\n")
	f, err = LoadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if f.Gardend != "https://g.example" || f.Graph != "notes" || f.Mount == nil || *f.Mount != "" ||
		f.Theme != ThemeDark || f.Bell == nil || *f.Bell || f.Notifications != "off" {
		t.Errorf("read %+v", f)
	}
	bad := []struct{ name, body, says string }{
		{"unknown", "token = \"x\"\n", `"token", which is not a setting`},
		{"theme", "theme = \"blue\"\n", "not auto, dark or light"},
		{"notify", "notifications = \"beep\"\n", "not osc9, osc777 or off"},
		{"syntax", "gardend = \n", "does not parse"},
		{"type", "bell = \"yes\"\n", "does not parse"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			p := write(tc.name+".toml", tc.body)
			_, err := LoadFile(p)
			if err == nil || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), p) {
				t.Errorf("err = %v, want it to name %s and say %q", err, p, tc.says)
			}
		})
	}
}

// TestFlagsBeatEnvBeatFile: each setting comes from the flag, else the
// environment, else the file.
func TestFlagsBeatEnvBeatFile(t *testing.T) {
	root := ""
	file := File{Gardend: "https://file", Graph: "file-graph", Mount: &root}
	env := MapEnv(map[string]string{EnvGraph: "env-graph"})
	f := Flags{Gardend: "https://flag"}
	f.ApplyEnv(env)
	f.ApplyFile(file)
	if f.Gardend != "https://flag" || f.Graph != "env-graph" || !f.MountSet || f.MountPath() != "" {
		t.Errorf("got %+v", f)
	}
	f = Flags{}
	f.ApplyEnv(MapEnv(map[string]string{EnvMount: "/env"}))
	f.ApplyFile(file)
	if f.Gardend != "https://file" || f.Graph != "file-graph" || f.MountPath() != "/env" {
		t.Errorf("got %+v", f)
	}
}

// TestVisitorIDRefusesLinks: a visitor-id file or state folder that is a
// symbolic link is refused, and the link's target keeps its mode.
func TestVisitorIDRefusesLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	base := t.TempDir()
	target := filepath.Join(base, "elsewhere")
	if err := os.WriteFile(target, []byte("abcdefgh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, "state")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, VisitorIDFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := VisitorID(dir); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked visitor-id file: %v", err)
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o644 {
		t.Errorf("the link's target was changed to %04o", st.Mode().Perm())
	}

	otherDir := filepath.Join(base, "other")
	if err := os.Mkdir(otherDir, 0o755); err != nil {
		t.Fatal(err)
	}
	linkDir := filepath.Join(base, "linked-state")
	if err := os.Symlink(otherDir, linkDir); err != nil {
		t.Fatal(err)
	}
	if _, err := VisitorID(linkDir); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked state folder: %v", err)
	}
	if st, _ := os.Stat(otherDir); st.Mode().Perm() != 0o755 {
		t.Errorf("the linked folder was changed to %04o", st.Mode().Perm())
	}
	if _, err := os.Stat(filepath.Join(otherDir, VisitorIDFile)); err == nil {
		t.Error("a visitor id was written through the link")
	}
}

// TestVisitorIDMakesPrivateFolder: a new state folder is 0700, a loose one is
// tightened, and the id stays the same from one call to the next.
func TestVisitorIDMakesPrivateFolder(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes are Unix")
	}
	dir := filepath.Join(t.TempDir(), "a", "vehicle")
	id, err := VisitorID(dir)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("the new folder is %04o", st.Mode().Perm())
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	again, err := VisitorID(dir)
	if err != nil || again != id {
		t.Fatalf("second call: %q, %v; first %q", again, err, id)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("a loose folder stayed %04o", st.Mode().Perm())
	}
}

func TestBuild(t *testing.T) {
	info := &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-30T14:00:00Z"}}}
	b := buildFrom(info)
	if got := b.String(); got != "v1.2.3 (commit 0123456789ab, 2026-11-30T14:00:00Z)" {
		t.Errorf("String = %q", got)
	}
	if got := buildFrom(&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}).String(); got != DevVersion {
		t.Errorf("a source build: %q", got)
	}
	if got := ReadBuild("v9.9.9", "abc", "today").String(); got != "v9.9.9 (commit abc, today)" {
		t.Errorf("ldflags override: %q", got)
	}
}
