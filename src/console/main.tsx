import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get } from './api';
import { chooseLanguage, currentLanguage, type Language } from './i18n';
import { type Account, Shell } from './pages/shell';
import { SignIn } from './pages/sign-in';
import { currentKey, forgetKey } from './session';
import { Loading } from './ui/notice';

function App() {
  const [language, setLanguage] = useState<Language>(currentLanguage);
  const [account, setAccount] = useState<Account | null>(null);
  const [checking, setChecking] = useState(currentKey() !== null);

  useEffect(() => {
    document.documentElement.lang = language;
    if (!checking) return;
    get<{ account: Account }>('/auth/me').then(
      (me) => {
        setAccount(me.account);
        setChecking(false);
      },
      (error: unknown) => {
        // A key that no longer works (revoked, rotated) is dropped; a network hiccup keeps it.
        if (error instanceof ApiError && error.status === 401) forgetKey();
        setChecking(false);
      },
    );
  }, [checking, language]);

  const switchLanguage = (next: Language) => {
    chooseLanguage(next);
    setLanguage(next);
  };
  const signOut = () => {
    forgetKey();
    setAccount(null);
    location.hash = '';
  };

  if (checking) return <Loading />;
  // Keyed by language: every text is read again in the new language.
  if (!account)
    return <SignIn key={language} onSignedIn={setAccount} language={language} onLanguage={switchLanguage} />;
  return (
    <Shell
      key={language}
      account={account}
      language={language}
      onLanguage={switchLanguage}
      onSignOut={signOut}
    />
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
