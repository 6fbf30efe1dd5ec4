/** Response bodies in tests are read loosely: the assertions are what check their shape. */
export const body = async (res: Response): Promise<any> => res.json(); // any: tests assert the shape field by field
