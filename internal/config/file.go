package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/sophia-labs/vehicle/internal/statefile"
)

// Themes a config file may name: follow the terminal, or force one.
const (
	ThemeAuto  = "auto"
	ThemeDark  = "dark"
	ThemeLight = "light"
)

// maxConfigFile bounds the configuration file: a few settings fit in far
// less.
const maxConfigFile = 64 << 10

// File is the configuration file, config.toml: defaults for the settings a
// flag or an environment variable can give, and the TUI's preferences. It
// never holds a secret. Flags beat the environment, which beats the file.
type File struct {
	Gardend       string  `toml:"gardend"`       // the default gardend
	Graph         string  `toml:"graph"`         // the default graph
	Mount         *string `toml:"mount"`         // the service's mount; "" for a host at its root
	Theme         string  `toml:"theme"`         // auto (default), dark or light
	Bell          *bool   `toml:"bell"`          // ring the bell when a run settles unfocused (default true)
	Notifications string  `toml:"notifications"` // osc9 (default), osc777 or off
	ScreenReader  *bool   `toml:"screen_reader"` // the line-by-line screen-reader mode (default false)
}

// LoadFile reads the configuration file at path. A missing file is an empty
// File; a file that does not parse, names an unknown setting or gives a bad
// value is an error that names the file and the setting. The file and its
// folder must be ours, and others may not write them; a link in place of
// the file, a FIFO or a device is refused (never followed, never waited
// on), and so is a file larger than 64 KiB or nested deeper than settings
// go (see checkShape), before it is decoded.
func LoadFile(path string) (File, error) {
	var f File
	if err := statefile.CheckDir(filepath.Dir(path)); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return f, nil
		}
		return f, fmt.Errorf("the configuration folder: %w", err)
	}
	b, err := statefile.ReadShared(path, maxConfigFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, nil
	case err != nil:
		return f, fmt.Errorf("cannot read the configuration file: %w", err)
	}
	if err := checkShape(b); err != nil {
		return f, fmt.Errorf("the configuration file %s: %w", path, err)
	}
	md, err := toml.Decode(string(b), &f)
	if err != nil {
		return File{}, fmt.Errorf("the configuration file %s does not parse: %w", path, err)
	}
	if extra := md.Undecoded(); len(extra) > 0 {
		return File{}, fmt.Errorf("the configuration file %s names %q, which is not a setting: the settings are gardend, graph, mount, theme, bell, notifications and screen_reader",
			path, extra[0].String())
	}
	if err := f.check(); err != nil {
		return File{}, fmt.Errorf("the configuration file %s: %w", path, err)
	}
	return f, nil
}

// LoadConfig reads the configuration file where ConfigPath says it is for
// env; with no folder for it, or no file, it is an empty File.
func LoadConfig(env Env) (File, error) {
	p, err := ConfigPath(env)
	if err != nil {
		return File{}, nil // no folder for it: no file to read
	}
	return LoadFile(p)
}

// check reports a value that is not one of a setting's choices.
func (f File) check() error {
	switch f.Theme {
	case "", ThemeAuto, ThemeDark, ThemeLight:
	default:
		return fmt.Errorf("theme = %q is not auto, dark or light", f.Theme)
	}
	switch f.Notifications {
	case "", "osc9", "osc777", "off":
	default:
		return fmt.Errorf("notifications = %q is not osc9, osc777 or off", f.Notifications)
	}
	return nil
}

// ApplyFile fills the settings that neither the command line nor the
// environment gave from the configuration file; call it after ApplyEnv.
func (f *Flags) ApplyFile(file File) {
	if f.Gardend == "" {
		f.Gardend = strings.TrimSpace(file.Gardend)
	}
	if f.Graph == "" {
		f.Graph = strings.TrimSpace(file.Graph)
	}
	if !f.MountSet && file.Mount != nil {
		f.Mount, f.MountSet = *file.Mount, true
	}
}
