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
	if err := login(context.Background(), []string{"--gardend", srv.URL + "/"}, lio); err != nil {
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
	if err := logout(context.Background(), nil, lio); err != nil {
		t.Fatal(err)
	}
	if _, err := kr.Get(config.KeyringService, config.KeyringUser(srv.URL)); !errors.Is(err, config.ErrNotStored) {
		t.Errorf("after logout: %v", err)
	}
	msgs.Reset()
	if err := logout(context.Background(), nil, lio); err != nil || !strings.Contains(msgs.String(), "nothing to remove") {
		t.Errorf("a second logout: %v %q", err, msgs.String())
	}
}

func TestLoginRefusals(t *testing.T) {
	keyring.MockInit()
	srv := newRideHost(t)
	kr := config.OSKeyring(0)
	cases := []struct {
		name  string
		args  []string
		input string
		says  string
	}{
		{"a token the host refuses", []string{"--gardend", srv.URL}, "wrong-token", "does not take this token"},
		{"no token", []string{"--gardend", srv.URL}, "\n", "no token read"},
		{"two lines", []string{"--gardend", srv.URL}, "a\nb\n", "more than one line"},
		{"a token on the command line", []string{"--gardend", srv.URL, "ada-token"}, "", "never from the command line"},
		{"no gardend", nil, "ada-token", "--gardend URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var msgs strings.Builder
			err := login(context.Background(), tc.args, loginIO{in: strings.NewReader(tc.input), errw: &msgs, keyring: kr})
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
	err := login(context.Background(), []string{"--gardend", "https://sophia.example.com", "--no-check"},
		loginIO{in: strings.NewReader("tok"), errw: &msgs, keyring: kr})
	if err == nil || !strings.Contains(err.Error(), "not available") || !strings.Contains(err.Error(), config.EnvToken) ||
		!strings.Contains(err.Error(), "--key-file") {
		t.Errorf("err = %v", err)
	}
	err = logout(context.Background(), []string{"--gardend", "https://sophia.example.com"}, loginIO{errw: &msgs, keyring: kr})
	if err == nil || !strings.Contains(err.Error(), "not available") {
		t.Errorf("logout: %v", err)
	}
}
