package config

import (
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/sophia-labs/vehicle/client"
)

const remote = "https://sophia.example.com"

// seen is what a recording host saw of one request.
type seen struct {
	path, auth, visitor, modelKey string
}

// recorder starts a host that answers every request with an account and
// records what it saw.
func recorder(t *testing.T) (string, func() []seen) {
	t.Helper()
	var mu sync.Mutex
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, seen{r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("X-Visitor-Id"), r.Header.Get("X-Model-Key")})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"kind":"member","turnsToday":0}`))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []seen {
		mu.Lock()
		defer mu.Unlock()
		return append([]seen(nil), got...)
	}
}

// askAccount makes one request with c and returns what the host saw.
func askAccount(t *testing.T, c *client.Client, saw func() []seen) seen {
	t.Helper()
	if _, err := c.Account(context.Background()); err != nil {
		t.Fatalf("account: %v", err)
	}
	all := saw()
	return all[len(all)-1]
}

func writeKeyFile(t *testing.T, content string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestResolveTokenSources(t *testing.T) {
	keyring.MockInit()
	url, saw := recorder(t)
	kr := OSKeyring(time.Second)
	if err := StoreToken(kr, url+"/", "from-keyring"); err != nil {
		t.Fatal(err)
	}
	good := writeKeyFile(t, "from-file\n", 0o600)
	cases := []struct {
		name     string
		flags    Flags
		env      map[string]string
		kind     string
		auth     string
		modelKey string
	}{
		{"key file wins", Flags{KeyFile: good}, map[string]string{EnvToken: "from-env"}, KindKeyFile, "Bearer from-file", ""},
		{"key file from env", Flags{}, map[string]string{EnvKeyFile: good, EnvToken: "from-env"}, KindKeyFile, "Bearer from-file", ""},
		{"env token", Flags{}, map[string]string{EnvToken: "from-env"}, KindTokenEnv, "Bearer from-env", ""},
		{"keyring", Flags{}, nil, KindKeyring, "Bearer from-keyring", ""},
		{"model key", Flags{}, map[string]string{EnvModelKey: "mk-1"}, KindKeyring, "Bearer from-keyring", "mk-1"},
		{"model key env", Flags{ModelKeyEnv: "MINE"}, map[string]string{EnvModelKey: "mk-1", "MINE": "mk-2"}, KindKeyring, "Bearer from-keyring", "mk-2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.flags.Gardend, tc.flags.Graph, tc.flags.MountSet = url, "demo", true
			c, id, err := Resolve(tc.flags, MapEnv(tc.env), kr, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if id.Kind != tc.kind || id.ModelKey != (tc.modelKey != "") {
				t.Errorf("identity %+v, want kind %s", id, tc.kind)
			}
			got := askAccount(t, c, saw)
			if got.auth != tc.auth || got.visitor != "" || got.modelKey != tc.modelKey {
				t.Errorf("host saw %+v", got)
			}
		})
	}
}

func TestResolveKeyFileRefused(t *testing.T) {
	cases := []struct {
		name, content string
		mode          os.FileMode
		want          string
	}{
		{"group readable", "secret-token", 0o640, "chmod 600"},
		{"world readable", "secret-token", 0o644, "chmod 600"},
		{"empty", "  \n", 0o600, "empty"},
		{"two lines", "secret-token\nmore", 0o600, "one line"},
		{"stricter is fine", "secret-token", 0o400, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := writeKeyFile(t, tc.content, tc.mode)
			_, _, err := Resolve(Flags{Gardend: remote, Graph: "g", KeyFile: p}, nil, nil, t.TempDir())
			if tc.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to say %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "secret-token") {
				t.Errorf("the error repeats the token: %v", err)
			}
		})
	}
	_, _, err := Resolve(Flags{Gardend: remote, Graph: "g", KeyFile: filepath.Join(t.TempDir(), "none")}, nil, nil, "")
	if err == nil {
		t.Error("a missing key file was accepted")
	}
}

func TestResolveLocalWithoutToken(t *testing.T) {
	keyring.MockInit()
	for _, g := range []string{"http://127.0.0.1:8080", "http://localhost", "http://[::1]:9", "http://app.localhost"} {
		_, _, err := Resolve(Flags{Gardend: g, Graph: "demo"}, nil, OSKeyring(time.Second), t.TempDir())
		if err == nil {
			t.Fatalf("%s: no error", g)
		}
		for _, way := range []string{EnvToken, "--key-file", "vehicle login"} {
			if !strings.Contains(err.Error(), way) {
				t.Errorf("%s: the error does not name %s: %v", g, way, err)
			}
		}
	}
}

func TestResolveKeyringUnavailable(t *testing.T) {
	keyring.MockInitWithError(errors.New("org.freedesktop.secrets was not provided"))
	t.Cleanup(keyring.MockInit)
	kr := OSKeyring(time.Second)
	_, _, err := Resolve(Flags{Gardend: "http://127.0.0.1:1", Graph: "demo"}, nil, kr, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "keyring could not be read") || !strings.Contains(err.Error(), "secrets was not provided") {
		t.Errorf("local: %v", err)
	}
	_, id, err := Resolve(Flags{Gardend: remote, Graph: "demo"}, nil, kr, t.TempDir())
	if err != nil || id.Kind != KindVisitor || !strings.Contains(id.Notice, "not available") || !strings.Contains(id.Notice, EnvToken) {
		t.Errorf("remote: %+v %v", id, err)
	}
	err = StoreToken(kr, remote, "t")
	if !IsKeyringUnavailable(err) || !strings.Contains(err.Error(), "--key-file") || !strings.Contains(err.Error(), EnvToken) {
		t.Errorf("store: %v", err)
	}
}

func TestKeyringTimeout(t *testing.T) {
	k := osKeyring{timeout: 10 * time.Millisecond}
	block := make(chan struct{})
	defer close(block)
	err := k.bounded(func() error { <-block; return nil })
	if !IsKeyringUnavailable(err) || !strings.Contains(err.Error(), "no answer") {
		t.Errorf("err = %v", err)
	}
}

func TestForgetToken(t *testing.T) {
	keyring.MockInit()
	kr := OSKeyring(0)
	if err := ForgetToken(kr, remote); !errors.Is(err, ErrNotStored) {
		t.Errorf("forget of nothing: %v", err)
	}
	if err := StoreToken(kr, "HTTPS://Sophia.Example.com/", "t1"); err != nil {
		t.Fatal(err)
	}
	if s, err := kr.Get(KeyringService, KeyringUser(remote)); err != nil || s != "t1" {
		t.Errorf("get = %q, %v", s, err)
	}
	if err := ForgetToken(kr, remote); err != nil {
		t.Errorf("forget: %v", err)
	}
	if _, err := kr.Get(KeyringService, KeyringUser(remote)); !errors.Is(err, ErrNotStored) {
		t.Errorf("after forget: %v", err)
	}
}

func TestResolveVisitor(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	env := MapEnv(map[string]string{"XDG_STATE_HOME": state})
	_, id1, err := Resolve(Flags{Gardend: remote, Graph: "g"}, env, nil, "")
	if err != nil || id1.Kind != KindVisitor || id1.VisitorID == "" {
		t.Fatalf("%+v %v", id1, err)
	}
	dir := filepath.Join(state, "vehicle")
	assertMode(t, dir, 0o700)
	assertMode(t, filepath.Join(dir, VisitorIDFile), 0o600)
	_, id2, err := Resolve(Flags{Gardend: remote, Graph: "g"}, env, nil, "")
	if err != nil || id2.VisitorID != id1.VisitorID {
		t.Errorf("second ride: %q, want the same %q (%v)", id2.VisitorID, id1.VisitorID, err)
	}
	_, id3, err := Resolve(Flags{Gardend: remote, Graph: "g", VisitorID: "agent-7"}, env, nil, "")
	if err != nil || id3.VisitorID != "agent-7" || id3.Kind != KindVisitor {
		t.Errorf("--visitor-id: %+v %v", id3, err)
	}
	withID := MapEnv(map[string]string{"XDG_STATE_HOME": state, EnvVisitor: "agent-8", EnvToken: "tok"})
	_, id4, err := Resolve(Flags{Gardend: remote, Graph: "g"}, withID, nil, "")
	if err != nil || id4.VisitorID != "agent-8" || id4.Kind != KindVisitor {
		t.Errorf("%s: %+v %v", EnvVisitor, id4, err)
	}
	if _, _, err := Resolve(Flags{Gardend: remote, Graph: "g", VisitorID: "has space"}, env, nil, ""); err == nil {
		t.Error("a visitor id with a space was accepted")
	}
}

func TestResolveAnonymousHeaders(t *testing.T) {
	url, saw := recorder(t)
	env := MapEnv(map[string]string{EnvToken: "tok", EnvModelKey: "mk", "HOME": t.TempDir()})
	c, id, err := Resolve(Flags{Gardend: url, Graph: "demo", Anonymous: true}, env, nil, "")
	if err != nil || id.Kind != KindVisitor {
		t.Fatalf("%+v %v", id, err)
	}
	got := askAccount(t, c, saw)
	if got.auth != "" || got.visitor != id.VisitorID || got.modelKey != "mk" {
		t.Errorf("host saw %+v", got)
	}
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != want {
		t.Errorf("%s has mode %04o, want %04o", path, st.Mode().Perm(), want)
	}
}

func TestVisitorIDTightensAndRejects(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, VisitorIDFile)
	if err := os.WriteFile(p, []byte("abc123\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	id, err := VisitorID(dir)
	if err != nil || id != "abc123" {
		t.Fatalf("%q %v", id, err)
	}
	assertMode(t, dir, 0o700)
	assertMode(t, p, 0o600)
	if err := os.WriteFile(p, []byte("not one id\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := VisitorID(dir); err == nil || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("a bad id file: %v", err)
	}
}

func TestStateDir(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_STATE_HOME": "/x/state", "HOME": "/h"}, "/x/state/vehicle"},
		{map[string]string{"XDG_STATE_HOME": "relative", "HOME": "/h"}, "/h/.local/state/vehicle"},
		{map[string]string{"HOME": "/h"}, "/h/.local/state/vehicle"},
		{nil, ""},
	}
	for _, tc := range cases {
		got, err := StateDir(MapEnv(tc.env))
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("StateDir(%v) = %q, %v; want %q", tc.env, got, err, tc.want)
		}
	}
}

func TestModelKey(t *testing.T) {
	cases := []struct {
		name  string
		flag  string
		env   map[string]string
		want  string
		fails bool
	}{
		{"none", "", nil, "", false},
		{"default var", "", map[string]string{EnvModelKey: " mk \n"}, "mk", false},
		{"named var", "OR_KEY", map[string]string{"OR_KEY": "mk2", EnvModelKey: "mk"}, "mk2", false},
		{"named var unset", "OR_KEY", map[string]string{EnvModelKey: "mk"}, "", true},
		{"a key where a name belongs", "sk-or-v1-abcdef", nil, "", true},
		{"two lines", "", map[string]string{EnvModelKey: "a\nb"}, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ModelKey(Flags{ModelKeyEnv: tc.flag}, MapEnv(tc.env))
			if got != tc.want || (err != nil) != tc.fails {
				t.Fatalf("got %q, %v", got, err)
			}
			if err != nil && strings.Contains(err.Error(), "sk-or") {
				t.Errorf("the error repeats the flag's value: %v", err)
			}
		})
	}
}

func TestFlagsAndEnv(t *testing.T) {
	var f Flags
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	f.Register(fs)
	if err := fs.Parse([]string{"--graph", "g1", "--mount", "", "--new", "--title", "T"}); err != nil {
		t.Fatal(err)
	}
	f.ApplyEnv(MapEnv(map[string]string{EnvGardend: " http://h ", EnvGraph: "g2", EnvMount: "/m"}))
	if f.Gardend != "http://h" || f.Graph != "g1" || !f.MountSet || f.MountPath() != "" || !f.New || f.Title != "T" {
		t.Errorf("%+v", f)
	}
	var g Flags
	g.ApplyEnv(MapEnv(map[string]string{EnvMount: ""}))
	if !g.MountSet || g.MountPath() != "" {
		t.Errorf("an empty VEHICLE_MOUNT is the root: %+v", g)
	}
	if (Flags{}).MountPath() != client.DefaultMount {
		t.Error("default mount")
	}
	checks := []struct {
		f    Flags
		open bool
		ok   bool
	}{
		{Flags{Gardend: "http://x", Graph: "g", New: true}, true, true},
		{Flags{Gardend: "http://x", Graph: "g", Session: "s1"}, true, true},
		{Flags{Gardend: "http://x", Graph: "g"}, true, false},
		{Flags{Gardend: "http://x", Graph: "g"}, false, true},
		{Flags{Gardend: "http://x", Graph: "g", New: true, Session: "s1"}, true, false},
		{Flags{Graph: "g", New: true}, true, false},
		{Flags{Gardend: "http://x", New: true}, true, false},
		{Flags{Gardend: "x.example", Graph: "g", New: true}, true, false},
		{Flags{Gardend: "http://x", Graph: "g", New: true, Anonymous: true, KeyFile: "k"}, true, false},
		{Flags{Gardend: "http://x", Graph: "g", Session: "s", Title: "t"}, true, false},
	}
	for i, c := range checks {
		if err := c.f.Check(c.open); (err == nil) != c.ok {
			t.Errorf("%d: Check(%+v) = %v", i, c.f, err)
		}
	}
}

func TestKeyringUserAndIsLocal(t *testing.T) {
	for in, want := range map[string]string{
		"HTTPS://Sophia.Example.com/": "https://sophia.example.com",
		"http://127.0.0.1:8080":       "http://127.0.0.1:8080",
		"https://h.example/prefix/":   "https://h.example/prefix",
	} {
		if got := KeyringUser(in); got != want {
			t.Errorf("KeyringUser(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]bool{
		"http://localhost:1": true, "http://127.0.0.1": true, "http://127.1.2.3": true, "http://[::1]": true,
		"http://0.0.0.0:8": true, "https://sophia.example.com": false, "http://8.8.8.8": false,
	} {
		u, _ := url.Parse(in)
		if got := IsLocal(u); got != want {
			t.Errorf("IsLocal(%s) = %v", in, got)
		}
	}
}

func TestSessionFlagRefusesDotSegments(t *testing.T) {
	for _, id := range []string{".", "..", " .. "} {
		var f Flags
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f.Register(fs)
		err := fs.Parse([]string{"--session", id})
		if err == nil || !strings.Contains(err.Error(), client.ErrBadSessionID.Error()) {
			t.Errorf("--session %q: got %v, want it refused as not a session id", id, err)
		}
	}
}
