package config

import (
	"errors"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// TestResolveModelKeyFromKeyring: the key the dialog saved is read after the
// variable, in its own entry beside the token, and a keyring that cannot be
// read means no key, not a failure.
func TestResolveModelKeyFromKeyring(t *testing.T) {
	keyring.MockInit()
	url, saw := recorder(t)
	kr := OSKeyring(time.Second)
	if err := StoreToken(kr, url, "from-keyring"); err != nil {
		t.Fatal(err)
	}
	if err := StoreModelKey(kr, " mk-saved\n"); err != nil {
		t.Fatal(err)
	}
	if tok, err := kr.Get(KeyringService, KeyringUser(url)); err != nil || tok != "from-keyring" {
		t.Fatalf("saving the model key touched the token: %q, %v", tok, err)
	}
	cases := []struct {
		name     string
		flags    Flags
		env      map[string]string
		want     string
		wantFrom string
	}{
		{"keyring after no variable", Flags{}, nil, "mk-saved", ModelKeyFromKeyring},
		{"variable wins", Flags{}, map[string]string{EnvModelKey: "mk-env"}, "mk-env", ModelKeyFromEnv},
		{"named variable wins", Flags{ModelKeyEnv: "MINE"}, map[string]string{"MINE": "mk-mine"}, "mk-mine", ModelKeyFromEnv},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.flags.Gardend, tc.flags.Graph, tc.flags.MountSet = url, "demo", true
			c, id, err := Resolve(tc.flags, MapEnv(tc.env), kr, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if !id.ModelKey || id.ModelKeyFrom != tc.wantFrom {
				t.Errorf("identity %+v, want the key from %s", id, tc.wantFrom)
			}
			if got := askAccount(t, c, saw); got.modelKey != tc.want {
				t.Errorf("host saw model key %q, want %q", got.modelKey, tc.want)
			}
		})
	}
	if err := ForgetModelKey(kr); err != nil {
		t.Fatal(err)
	}
	if _, err := StoredModelKey(kr); !errors.Is(err, ErrNotStored) {
		t.Errorf("after ForgetModelKey: %v", err)
	}
	if tok, err := kr.Get(KeyringService, KeyringUser(url)); err != nil || tok != "from-keyring" {
		t.Errorf("forgetting the model key touched the token: %q, %v", tok, err)
	}

	keyring.MockInitWithError(errors.New("dbus: no session bus"))
	_, id, err := Resolve(Flags{Gardend: url, Graph: "demo", MountSet: true}, MapEnv(map[string]string{EnvToken: "t"}), kr, t.TempDir())
	if err != nil || id.ModelKey {
		t.Errorf("with no keyring: %+v, %v; want no key and no error", id, err)
	}
}

func TestStoreModelKeyRefusesBadKeys(t *testing.T) {
	keyring.MockInit()
	kr := OSKeyring(time.Second)
	for _, k := range []string{"", "  ", "two\nlines"} {
		if err := StoreModelKey(kr, k); err == nil {
			t.Errorf("StoreModelKey(%q) took it", k)
		}
	}
}

func TestModelKeyVariable(t *testing.T) {
	for in, want := range map[string]string{"": EnvModelKey, "MINE": "MINE", "sk-or v1": EnvModelKey} {
		if got := ModelKeyVariable(Flags{ModelKeyEnv: in}); got != want {
			t.Errorf("ModelKeyVariable(%q) = %q, want %q", in, got, want)
		}
	}
}
