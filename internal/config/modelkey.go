package config

import (
	"errors"
	"fmt"
	"strings"
)

// ModelKeyringUser is the keyring user the model key is stored under, in
// KeyringService: its own entry, beside the gardends' tokens (whose users
// are addresses), so saving or forgetting one never touches the other.
const ModelKeyringUser = "model-key"

// Where a model key came from.
const (
	ModelKeyFromEnv     = "env"     // VEHICLE_MODEL_KEY or the variable --model-key-env names
	ModelKeyFromKeyring = "keyring" // saved by the TUI's key dialog
)

// StoreModelKey keeps the person's model key in kr, in its own entry. The
// key goes nowhere else: never a file, a log or a command line.
func StoreModelKey(kr Keyring, key string) error {
	key = strings.TrimSpace(key)
	if key == "" || strings.ContainsAny(key, "\r\n") || len(key) > maxSecret {
		return fmt.Errorf("the model key is not one line of 1 to %d bytes: paste it again", maxSecret)
	}
	return kr.Set(KeyringService, ModelKeyringUser, key)
}

// StoredModelKey is the model key kept in kr; "" with ErrNotStored when
// there is none, or with a *KeyringUnavailableError.
func StoredModelKey(kr Keyring) (string, error) {
	k, err := kr.Get(KeyringService, ModelKeyringUser)
	if err != nil {
		return "", err
	}
	k = strings.TrimSpace(k)
	if k == "" || strings.ContainsAny(k, "\r\n") || len(k) > maxSecret {
		return "", ErrNotStored
	}
	return k, nil
}

// ForgetModelKey removes the model key from kr; ErrNotStored when there was
// none.
func ForgetModelKey(kr Keyring) error {
	return kr.Delete(KeyringService, ModelKeyringUser)
}

// resolveModelKey is the model key by the rules of Resolve: the variable
// (--model-key-env's, else VEHICLE_MODEL_KEY), else the one kept in kr. It
// returns where it came from; a keyring that cannot be read counts as none.
func resolveModelKey(f Flags, env Env, kr Keyring) (key, from string, err error) {
	key, err = ModelKey(f, env)
	switch {
	case err != nil:
		return "", "", err
	case key != "":
		return key, ModelKeyFromEnv, nil
	case kr == nil:
		return "", "", nil
	}
	key, err = StoredModelKey(kr)
	if err != nil {
		if !errors.Is(err, ErrNotStored) && !IsKeyringUnavailable(err) {
			return "", "", err
		}
		return "", "", nil
	}
	return key, ModelKeyFromKeyring, nil
}

// ModelKeyVariable is the name of the variable the model key is read from:
// the one --model-key-env names, else VEHICLE_MODEL_KEY.
func ModelKeyVariable(f Flags) string {
	if f.ModelKeyEnv != "" && isEnvName(f.ModelKeyEnv) {
		return f.ModelKeyEnv
	}
	return EnvModelKey
}
