package main

import (
	"testing"

	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui"
)

// mapKeyring is a keyring in memory.
type mapKeyring map[string]string

func (k mapKeyring) Get(service, user string) (string, error) {
	if v, ok := k[service+"/"+user]; ok {
		return v, nil
	}
	return "", config.ErrNotStored
}

func (k mapKeyring) Set(service, user, secret string) error {
	k[service+"/"+user] = secret
	return nil
}

func (k mapKeyring) Delete(service, user string) error {
	delete(k, service+"/"+user)
	return nil
}

// TestTUIModelKeyWiring: the TUI starts with the key of the variable, else
// the keyring's; its hints name the variable configured; its dialog saves
// into the keyring's own entry, and offers nothing without a keyring.
func TestTUIModelKeyWiring(t *testing.T) {
	kr := mapKeyring{}
	if err := config.StoreModelKey(kr, "sk-saved-1"); err != nil {
		t.Fatal(err)
	}
	flags := config.Flags{New: true, Gardend: "https://g.example", Graph: "demo"}
	for _, tc := range []struct {
		name     string
		env      map[string]string
		keyEnv   string
		wantKey  string
		wantName string
	}{
		{"from the keyring", map[string]string{config.EnvToken: "t"}, "", "sk-saved-1", config.EnvModelKey},
		{"the variable first", map[string]string{config.EnvToken: "t", config.EnvModelKey: "sk-env-2"}, "", "sk-env-2", config.EnvModelKey},
		{"the named variable", map[string]string{config.EnvToken: "t", "MINE": "sk-mine-3"}, "MINE", "sk-mine-3", "MINE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _, _ := testApp(tc.env)
			a.Keyring = kr
			f := flags
			f.ModelKeyEnv = tc.keyEnv
			cfg, err := a.tuiConfig(f, tuiFlags{desktop: tui.DesktopOSC9}, config.File{}, false)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Client.ModelKey() != tc.wantKey || cfg.ModelKeyEnv != tc.wantName || cfg.SaveModelKey == nil {
				t.Errorf("key %q, variable %q, saver %v; want %q, %q and a saver",
					cfg.Client.ModelKey(), cfg.ModelKeyEnv, cfg.SaveModelKey != nil, tc.wantKey, tc.wantName)
			}
		})
	}
	a, _, _ := testApp(map[string]string{config.EnvToken: "t"})
	a.Keyring = kr
	cfg, err := a.tuiConfig(flags, tuiFlags{desktop: tui.DesktopOSC9}, config.File{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.SaveModelKey("sk-new-4"); err != nil {
		t.Fatal(err)
	}
	if kr[config.KeyringService+"/"+config.ModelKeyringUser] != "sk-new-4" || len(kr) != 1 {
		t.Errorf("the keyring after saving: %d entries", len(kr))
	}
	a, _, _ = testApp(map[string]string{config.EnvToken: "t"})
	cfg, err = a.tuiConfig(flags, tuiFlags{desktop: tui.DesktopOSC9}, config.File{}, false)
	if err != nil || cfg.SaveModelKey != nil {
		t.Errorf("with no keyring: %v, saver offered %v", err, cfg.SaveModelKey != nil)
	}
}
