// scrypt hashing and PostgreSQL round trips take a moment
jest.setTimeout(30_000);
