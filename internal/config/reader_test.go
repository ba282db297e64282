package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScreenReaderPrecedence: the flag beats the environment, which beats
// the file; a bad variable says what it takes.
func TestScreenReaderPrecedence(t *testing.T) {
	on, off := true, false
	cases := []struct {
		name        string
		flag, given bool
		env         map[string]string
		file        File
		want        bool
		err         string
	}{
		{name: "nothing", want: false},
		{name: "file", file: File{ScreenReader: &on}, want: true},
		{name: "environment beats file", env: map[string]string{EnvScreenReader: "0"}, file: File{ScreenReader: &on}, want: false},
		{name: "environment", env: map[string]string{EnvScreenReader: "yes"}, file: File{ScreenReader: &off}, want: true},
		{name: "empty variable is unset", env: map[string]string{EnvScreenReader: " "}, file: File{ScreenReader: &on}, want: true},
		{name: "flag beats environment", given: true, env: map[string]string{EnvScreenReader: "1"}, want: false},
		{name: "flag on", flag: true, given: true, file: File{ScreenReader: &off}, want: true},
		{name: "bad variable", env: map[string]string{EnvScreenReader: "maybe"}, err: "is not 1 or 0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ScreenReader(tc.flag, tc.given, MapEnv(tc.env), tc.file)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want an error with %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

// TestScreenReaderInFile: the file's screen_reader setting is read, and
// the error for an unknown setting lists it.
func TestScreenReaderInFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte("screen_reader = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := LoadFile(p)
	if err != nil || f.ScreenReader == nil || !*f.ScreenReader {
		t.Fatalf("got %+v, %v", f, err)
	}
	if err := os.WriteFile(p, []byte("screenreader = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(p); err == nil || !strings.Contains(err.Error(), "screen_reader") {
		t.Fatalf("got %v", err)
	}
}
