package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"github.com/sophia-labs/vehicle/internal/config"
)

func TestLoginAndLogout(t *testing.T) {
	keyring.MockInit()
	srv := newRideHost(t)
	kr := config.OSKeyring(0)
	var msgs strings.Builder
	lio := loginIO{in: strings.NewReader("ada-token\n"), errw: &msgs, env: config.MapEnv(nil), keyring: kr}
	if err := login(context.Background(), loginOpts{gardend: srv.URL + "/", withToken: true}, lio); err != nil {
		t.Fatal(err)
	}
	if tok, err := kr.Get(config.KeyringService, config.KeyringUser(srv.URL)); err != nil || tok != "ada-token" {
		t.Fatalf("stored %q, %v", tok, err)
	}
	if strings.Contains(msgs.String(), "ada-token") {
		t.Errorf("login printed the token: %s", msgs.String())
	}

	r := startRideWith(t, srv.URL, "ride-k", map[string]string{}, kr, "--new")
	ready := r.waitType("ready", 1)
	if !strings.Contains(string(ready.Value), `"kind":"keyring"`) {
		t.Errorf("ready %s", ready.Value)
	}
	r.end()

	lio.in = strings.NewReader("")
	lio.env = config.MapEnv(map[string]string{config.EnvGardend: srv.URL})
	if err := logout(context.Background(), loginOpts{}, lio); err != nil {
		t.Fatal(err)
	}
	if _, err := kr.Get(config.KeyringService, config.KeyringUser(srv.URL)); !errors.Is(err, config.ErrNotStored) {
		t.Errorf("after logout: %v", err)
	}
	msgs.Reset()
	if err := logout(context.Background(), loginOpts{}, lio); err != nil || !strings.Contains(msgs.String(), "nothing to remove") {
		t.Errorf("a second logout: %v %q", err, msgs.String())
	}
}

func TestLoginRefusals(t *testing.T) {
	keyring.MockInit()
	srv := newRideHost(t)
	kr := config.OSKeyring(0)
	cases := []struct {
		name  string
		opts  loginOpts
		input string
		says  string
	}{
		{"a token the host refuses", loginOpts{gardend: srv.URL, withToken: true}, "wrong-token", "does not take this token"},
		{"no token", loginOpts{gardend: srv.URL, withToken: true}, "\n", "no token read"},
		{"two lines", loginOpts{gardend: srv.URL, withToken: true}, "a\nb\n", "more than one line"},
		{"stdin is no terminal", loginOpts{gardend: srv.URL}, "ada-token", "--with-token"},
		{"no gardend", loginOpts{withToken: true}, "ada-token", "--gardend URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var msgs strings.Builder
			err := login(context.Background(), tc.opts, loginIO{in: strings.NewReader(tc.input), errw: &msgs, keyring: kr})
			if err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("err = %v, want it to say %q", err, tc.says)
			}
		})
	}
	if _, err := kr.Get(config.KeyringService, config.KeyringUser(srv.URL)); !errors.Is(err, config.ErrNotStored) {
		t.Errorf("a refused login stored something: %v", err)
	}
}

func TestLoginWithoutKeyring(t *testing.T) {
	keyring.MockInitWithError(errors.New("dbus-launch not found"))
	t.Cleanup(keyring.MockInit)
	kr := config.OSKeyring(0)
	var msgs strings.Builder
	err := login(context.Background(), loginOpts{gardend: "https://sophia.example.com", noCheck: true, withToken: true},
		loginIO{in: strings.NewReader("tok"), errw: &msgs, keyring: kr})
	if err == nil || !strings.Contains(err.Error(), "not available") || !strings.Contains(err.Error(), config.EnvToken) ||
		!strings.Contains(err.Error(), "--key-file") {
		t.Errorf("err = %v", err)
	}
	err = logout(context.Background(), loginOpts{gardend: "https://sophia.example.com"}, loginIO{errw: &msgs, keyring: kr})
	if err == nil || !strings.Contains(err.Error(), "not available") {
		t.Errorf("logout: %v", err)
	}
}

// unreadable fails the test that reads it.
type unreadable struct{ t *testing.T }

func (u unreadable) Read([]byte) (int, error) {
	u.t.Error("the token was read")
	return 0, errors.New("not to be read")
}

// TestLoginFindsNoKeyringFirst: with no session bus, login says "no
// keyring" before it reads a token.
func TestLoginFindsNoKeyringFirst(t *testing.T) {
	env := config.MapEnv(map[string]string{"XDG_RUNTIME_DIR": t.TempDir()})
	kr := config.SystemKeyring(env, 0)
	if config.KeyringAvailable(kr) == nil {
		t.Skip("this system has a keyring without a session bus")
	}
	var msgs strings.Builder
	err := login(context.Background(), loginOpts{gardend: "https://sophia.example.com", withToken: true},
		loginIO{in: unreadable{t}, errw: &msgs, env: env, keyring: kr})
	if err == nil || !strings.Contains(err.Error(), "no keyring") || !strings.Contains(err.Error(), config.EnvToken) {
		t.Errorf("err = %v", err)
	}
}

// TestLoginGardendFromFile: with no flag and no variable, login and logout
// take the gardend from the configuration file.
func TestLoginGardendFromFile(t *testing.T) {
	keyring.MockInit()
	srv := newRideHost(t)
	kr := config.OSKeyring(0)
	var msgs strings.Builder
	lio := loginIO{in: strings.NewReader("ada-token\n"), errw: &msgs, env: config.MapEnv(nil), keyring: kr,
		file: config.File{Gardend: srv.URL}}
	if err := login(context.Background(), loginOpts{withToken: true}, lio); err != nil {
		t.Fatal(err)
	}
	if tok, err := kr.Get(config.KeyringService, config.KeyringUser(srv.URL)); err != nil || tok != "ada-token" {
		t.Fatalf("stored %q, %v", tok, err)
	}
	if err := logout(context.Background(), loginOpts{}, lio); err != nil || !strings.Contains(msgs.String(), "removed") {
		t.Errorf("logout: %v %s", err, msgs.String())
	}
}
