/** A short list of the most common passwords (international and Brazilian), lower case. */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '123123123', '147258369', '123456123', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'qwertyui', 'qwerty123',
  'qwertyuiop', 'asdfghjk', 'password', 'password1', 'password123', 'passw0rd', 'iloveyou', 'sunshine',
  'princess', 'football', 'baseball', 'welcome1', 'abc12345', 'abcd1234', 'aa123456', 'admin123',
  'administrator', 'letmein1', 'trustno1', 'dragon123', 'monkey123', 'senha123', 'senha1234', 'senha12345',
  'minhasenha', 'mudar123', 'mudar@123', 'alterar123', 'brasil123', 'flamengo', 'corinthians', 'palmeiras',
  'saopaulo', 'vasco123', 'gremio123', 'internacional', 'cruzeiro', 'botafogo', 'santos123', 'florzinha',
  'amorzinho', 'meuamor123', 'teamo123', 'jesus123', 'deusefiel', 'brasil2025', 'brasil2024', 'retaguarda',
  'retaguarda123', 'admin@123', 'root1234', 'changeme', 'temp1234', 'test1234', 'teste123', 'teste1234',
]);
